import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { createConsentRepository } from './consent.repository.ts';
import { consentRoutes } from './consent.routes.ts';
import { createConsentService } from './consent.service.ts';

/** The learner's consent choices, each change recorded in the audit trail. */
export async function registerConsent(
  app: FastifyInstance,
  { db, auditService }: { db: Db; auditService: AuditService },
) {
  const consentService = createConsentService({ consentRepository: createConsentRepository({ db }), auditService });
  await app.register(consentRoutes, { consentService });
}
