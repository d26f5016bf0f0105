import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Auth } from '../auth/auth.ts';
import { createAccountDataRepository } from './account-data.repository.ts';
import { accountDataRoutes } from './account-data.routes.ts';
import { createAccountRemoval } from './account-data.service.ts';
import { createAccountErasure } from './account-erasure.ts';

/**
 * The learner's data export and account deletion. Returns the erasure, on which modules listed later (flashcards,
 * admin users) add what else must go with an account, and the removal admins delete accounts with.
 */
export async function registerAccountData(
  app: FastifyInstance,
  { db, auth, auditService, config }: { db: Db; auth: Auth; auditService: AuditService; config: Config },
) {
  const erasure = createAccountErasure(app.log);
  await app.register(accountDataRoutes, {
    db,
    auth,
    rateLimitPerMinute: config.authRateLimitPerMinute,
    audit: (event) => auditService.recordAuditEvent(event),
    erasure,
  });
  return { erasure, removeAccount: createAccountRemoval({ repository: createAccountDataRepository({ db }), erasure }) };
}
