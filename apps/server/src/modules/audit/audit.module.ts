import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { createAuditRepository } from './audit.repository.ts';
import { auditRoutes } from './audit.routes.ts';
import { type AuditService, createAuditService } from './audit.service.ts';

/** The audit trail other modules record into; made before the routes, since modules listed earlier record too. */
export function createAudit(app: FastifyInstance, { db }: { db: Db }) {
  return createAuditService({ auditRepository: createAuditRepository({ db }), logger: app.log });
}

/** The audit trail's routes. */
export async function registerAudit(app: FastifyInstance, { auditService }: { auditService: AuditService }) {
  await app.register(auditRoutes, { auditService });
}
