import type { ServerMessage } from '@portal/shared/realtime';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { type BetaRepository, createBetaRepository } from './beta.repository.ts';
import { betaAdminRoutes, betaRoutes } from './beta.routes.ts';
import { createBetaService } from './beta.service.ts';

/** Who is in the beta; made before the app's plugins, as the realtime plugin asks it at each broadcast. */
export function createBeta({ db }: { db: Db }) {
  return createBetaRepository({ db });
}

/**
 * The beta programme: admins grant access and post updates, which the realtime plugin broadcasts to the beta users
 * with the app open (it asks `betaRepository.betaUsersAmong` at each delivery, so a revocation counts at once).
 */
export async function registerBeta(
  app: FastifyInstance,
  {
    betaRepository,
    auditService,
    ensureProfile,
  }: { betaRepository: BetaRepository; auditService: AuditService; ensureProfile: (userId: string) => Promise<void> },
) {
  // The update is stored before it is pushed: a failed push leaves it in "What's new" instead of failing the post.
  const pushed = (send: Promise<void>, what: string) =>
    send.catch((error: unknown) => {
      app.log.warn({ err: error }, `${what} not pushed`);
    });
  const betaService = createBetaService({
    repository: betaRepository,
    audit: (event) => auditService.recordAuditEvent(event),
    ensureProfile,
    publishBeta: (message: ServerMessage) => pushed(app.realtime.publishBeta(message), 'beta update'),
    publishToUser: (userId, message) => pushed(app.realtime.publishToUser(userId, message), 'beta access change'),
  });
  await app.register(betaAdminRoutes, { betaService });
  await app.register(betaRoutes, { betaService });
  return betaService;
}
