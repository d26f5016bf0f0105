import { analyticsRangeQuerySchema, learnerAnalyticsSchema, learnerHomeSchema } from '@portal/shared/analytics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AnalyticsService } from './analytics.service.ts';

export const analyticsRoutes: FastifyPluginAsyncZod<{ analyticsService: AnalyticsService }> = async (
  app,
  { analyticsService },
) => {
  app.get(
    '/api/analytics/home',
    {
      config: { access: { role: 'user', feature: 'courses' } },
      schema: {
        tags: ['analytics'],
        summary: "The signed-in learner's home: the eight stats, the last 14 days and insights",
        response: { 200: learnerHomeSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return analyticsService.home(request.auth().user.id);
    },
  );

  app.get(
    '/api/analytics/learner',
    {
      config: { access: { role: 'user', feature: 'analytics' } },
      schema: {
        tags: ['analytics'],
        summary: "The signed-in learner's study time, XP, course progress, quiz scores and activity for a date range",
        querystring: analyticsRangeQuerySchema,
        response: { 200: learnerAnalyticsSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return analyticsService.learner(request.auth().user.id, request.query);
    },
  );
};
