import { myAuditEventsQuerySchema, myAuditEventsSchema } from '@portal/shared/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentAuditEvent } from './audit.presenter.ts';
import type { AuditService } from './audit.service.ts';

/** Read-only: nothing here, or anywhere, changes or deletes an audit event. */
export const auditRoutes: FastifyPluginAsyncZod<{ auditService: AuditService }> = async (app, { auditService }) => {
  app.get(
    '/api/audit/mine',
    {
      config: { access: { role: 'user', feature: null } },
      schema: {
        tags: ['audit'],
        summary: "The signed-in user's own audit trail, newest first",
        querystring: myAuditEventsQuerySchema,
        response: { 200: myAuditEventsSchema },
      },
    },
    async (request) => {
      const rows = await auditService.listForUser(request.auth().user.id, { limit: request.query.limit });
      return { events: rows.map(presentAuditEvent) };
    },
  );
};
