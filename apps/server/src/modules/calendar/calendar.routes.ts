import { calendarFeedCreatedSchema, calendarFeedParamsSchema, calendarFeedStatusSchema } from '@portal/shared/calendar';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteApp } from '../../route-app.ts';
import { CALENDAR_FEATURE, type CalendarService } from './calendar.service.ts';

const access = { role: 'user', feature: CALENDAR_FEATURE } as const;

function registerFeedLinkRoutes(app: RouteApp, calendarService: CalendarService) {
  app.get(
    '/api/calendar/feed',
    {
      config: { access },
      schema: {
        tags: ['calendar'],
        summary: 'Whether the signed-in user has a private calendar feed (its link is only shown when created)',
        response: { 200: calendarFeedStatusSchema },
      },
    },
    async (request) => calendarService.status(request.auth().user.id),
  );

  app.post(
    '/api/calendar/feed',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' }, access },
      schema: {
        tags: ['calendar'],
        summary: 'Create a new private calendar feed link; the previous link stops working',
        response: { 201: calendarFeedCreatedSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').code(201);
      return calendarService.createFeed(request.auth().user.id, { ipAddress: request.ip ?? null });
    },
  );

  app.delete(
    '/api/calendar/feed',
    {
      config: { access },
      schema: {
        tags: ['calendar'],
        summary: 'Turn the private calendar feed off',
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      await calendarService.revokeFeed(request.auth().user.id, { ipAddress: request.ip ?? null });
      return { ok: true as const };
    },
  );
}

function registerFeedDownloadRoute(app: RouteApp, calendarService: CalendarService) {
  app.get(
    '/api/calendar/:token/feed.ics',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' }, access: { role: 'anonymous', feature: null } },
      schema: {
        tags: ['calendar'],
        summary: 'The private iCalendar feed (the token in the link is the only credential)',
        params: calendarFeedParamsSchema,
      },
    },
    async (request, reply) => {
      const body = await calendarService.renderFeed(request.params.token, { productName: 'Learning Portal' });
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="learning-portal.ics"')
        .header('cache-control', 'private, max-age=300')
        .header('x-robots-tag', 'noindex')
        .send(body);
    },
  );
}

export const calendarRoutes: FastifyPluginAsyncZod<{ calendarService: CalendarService }> = async (
  app,
  { calendarService },
) => {
  registerFeedLinkRoutes(app, calendarService);
  registerFeedDownloadRoute(app, calendarService);
};
