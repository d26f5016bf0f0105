import {
  adminAuditPageSchema,
  adminAuditQuerySchema,
  adminOverviewQuerySchema,
  adminOverviewSchema,
} from '@portal/shared/admin-overview';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminOverviewService } from './admin-overview.service.ts';

const admin = { role: 'admin', feature: null } as const;

/** Read-only: the admin home's figures and the audit log viewer. */
export const adminOverviewRoutes: FastifyPluginAsyncZod<{ adminOverviewService: AdminOverviewService }> = async (
  app,
  { adminOverviewService },
) => {
  app.get(
    '/api/admin/overview',
    {
      config: { access: admin },
      schema: {
        tags: ['admin'],
        summary: 'KPIs against the previous period, daily active learners, recent sign-ups and admin actions, health',
        querystring: adminOverviewQuerySchema,
        response: { 200: adminOverviewSchema },
      },
    },
    async (request) => adminOverviewService.overview(request.query.range),
  );

  app.get(
    '/api/admin/audit',
    {
      config: { access: admin },
      schema: {
        tags: ['admin'],
        summary: 'The audit trail, newest first, filtered by actor, target, action and dates; keyset pages',
        querystring: adminAuditQuerySchema,
        response: { 200: adminAuditPageSchema },
      },
    },
    async (request) => adminOverviewService.audit(request.query),
  );
};
