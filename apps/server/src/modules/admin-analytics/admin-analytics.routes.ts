import {
  adminAnalyticsExportQuerySchema,
  adminAnalyticsQuerySchema,
  adminAnalyticsSchema,
  atRiskPageSchema,
  atRiskQuerySchema,
  nudgeParamsSchema,
  nudgeResultSchema,
} from '@portal/shared/admin-analytics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import type { RouteApp } from '../../route-app.ts';
import type { AdminAnalyticsService } from './admin-analytics.service.ts';

const admin = { role: 'admin', feature: null } as const;
const tags = ['admin analytics'];

/** The screen's figures and its at-risk list. */
function registerReadRoutes(app: RouteApp, service: AdminAnalyticsService) {
  app.get(
    '/api/admin/analytics',
    {
      config: { access: admin },
      schema: {
        tags,
        summary: 'Engagement per UTC day, course funnels, SCORM pass rates, XP and streak distributions',
        querystring: adminAnalyticsQuerySchema,
        response: { 200: adminAnalyticsSchema },
      },
    },
    async (request) => service.overview(request.query),
  );

  app.get(
    '/api/admin/analytics/at-risk',
    {
      config: { access: admin },
      schema: {
        tags,
        summary: 'Learners who are idle, behind a dated goal or failing the same quiz or SCO; most idle first',
        querystring: atRiskQuerySchema,
        response: { 200: atRiskPageSchema },
      },
    },
    async (request) => service.atRisk(request.query),
  );
}

/** A reminder to one at-risk learner. */
function registerNudgeRoute(app: RouteApp, service: AdminAnalyticsService) {
  app.post(
    '/api/admin/analytics/at-risk/:userId/nudge',
    {
      config: { access: admin },
      schema: {
        tags,
        summary: 'Mail the learner a reminder; one per learner a day (429 with the time the next may go)',
        params: nudgeParamsSchema,
        response: { 200: nudgeResultSchema },
      },
    },
    async (request, reply) => {
      const result = await service.nudge(request.auth().user.id, request.params.userId, request.ip);
      if ('sent' in result) return result.sent;
      reply.header('retry-after', String(Math.max(1, Math.ceil((result.retryAt.getTime() - Date.now()) / 1000))));
      throw new AppError('rate_limited', 'This learner was nudged recently. Try again later.', {
        reasons: [result.retryAt.toISOString()],
      });
    },
  );
}

/** One section of the screen as a CSV file. */
function registerExportRoute(app: RouteApp, service: AdminAnalyticsService) {
  app.get(
    '/api/admin/analytics/export.csv',
    {
      config: { access: admin },
      schema: {
        tags,
        summary: 'One section (engagement, funnels, scorm, at-risk) as a CSV file (UTF-8 with BOM)',
        querystring: adminAnalyticsExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { disposition, csv } = await service.exportCsv(request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', disposition)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}

/** Engagement, funnels, SCORM results, distributions and at-risk learners for admins, as JSON and CSV. */
export const adminAnalyticsRoutes: FastifyPluginAsyncZod<{ adminAnalyticsService: AdminAnalyticsService }> = async (
  app,
  { adminAnalyticsService },
) => {
  registerReadRoutes(app, adminAnalyticsService);
  registerNudgeRoute(app, adminAnalyticsService);
  registerExportRoute(app, adminAnalyticsService);
};
