import {
  cancelLiveSessionBodySchema,
  createLiveSessionBodySchema,
  liveHubQuerySchema,
  liveHubSchema,
  liveOptionsSchema,
  liveRangeQuerySchema,
  liveRsvpBodySchema,
  liveSessionEnvelopeSchema,
  liveSessionListSchema,
  liveSessionParamsSchema,
  updateLiveSessionBodySchema,
} from '@portal/shared/live';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteApp } from '../../route-app.ts';
import { liveSessionIcs } from './live.ics.ts';
import type { LiveActor, LiveService } from './live.service.ts';
import type { LiveChangesService } from './live-changes.service.ts';
import type { LiveRsvpService } from './live-rsvp.service.ts';

const access = { role: 'user', feature: 'live_hub' } as const;
const tags = ['live'];

const actorOf = async (request: FastifyRequest): Promise<LiveActor> => ({
  id: request.auth().user.id,
  role: await request.role(),
});

/** The hub and what the caller may schedule. */
function registerHubRoutes(app: RouteApp, live: LiveService) {
  app.get(
    '/api/live/hub',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Sessions live now, upcoming and recently ended, that the learner may see',
        querystring: liveHubQuerySchema,
        response: { 200: liveHubSchema },
      },
    },
    async (request) => live.hub(await actorOf(request), request.query.filter),
  );

  app.get(
    '/api/live/options',
    {
      config: { access },
      schema: {
        tags,
        summary: 'What the caller may schedule, and the courses a session can link to',
        response: { 200: liveOptionsSchema },
      },
    },
    async (request) => live.options(await actorOf(request)),
  );
}

/** Sessions in a range, and scheduling new ones. */
function registerSessionListRoutes(app: RouteApp, live: LiveService) {
  app.get(
    '/api/live/sessions',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Sessions in a time range (the calendar week or month)',
        querystring: liveRangeQuerySchema,
        response: { 200: liveSessionListSchema },
      },
    },
    async (request) => live.range(await actorOf(request), request.query),
  );

  app.post(
    '/api/live/sessions',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Schedule a class (instructors, admins) or a study group, once or weekly/biweekly',
        body: createLiveSessionBodySchema,
        response: { 201: liveSessionListSchema },
      },
    },
    async (request, reply) => {
      const created = await live.schedule(await actorOf(request), request.body);
      return reply.code(201).send(created);
    },
  );
}

/** One session, as JSON or as an iCalendar file. */
function registerSessionRoutes(app: RouteApp, live: LiveService, publicUrl: string) {
  app.get(
    '/api/live/sessions/:sessionId',
    {
      config: { access },
      schema: {
        tags,
        summary: 'One session',
        params: liveSessionParamsSchema,
        response: { 200: liveSessionEnvelopeSchema },
      },
    },
    async (request) => live.get(await actorOf(request), request.params.sessionId),
  );

  app.get(
    '/api/live/sessions/:sessionId.ics',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The session as an iCalendar file',
        params: liveSessionParamsSchema,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const session = await live.visibleRow(await actorOf(request), request.params.sessionId);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="live-session-${session.id}.ics"`)
        .send(liveSessionIcs(session, publicUrl));
    },
  );
}

/** Changing and cancelling sessions. */
function registerSessionChangeRoutes(app: RouteApp, changes: LiveChangesService) {
  app.patch(
    '/api/live/sessions/:sessionId',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Change one occurrence, or it and the later ones of its series (host or admin)',
        params: liveSessionParamsSchema,
        body: updateLiveSessionBodySchema,
        response: { 200: liveSessionListSchema },
      },
    },
    async (request) => changes.update(await actorOf(request), request.params.sessionId, request.body),
  );

  app.post(
    '/api/live/sessions/:sessionId/cancel',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Cancel one occurrence, or it and the later ones of its series (host or admin)',
        params: liveSessionParamsSchema,
        body: cancelLiveSessionBodySchema,
        response: { 200: liveSessionListSchema },
      },
    },
    async (request) => changes.cancel(await actorOf(request), request.params.sessionId, request.body.scope),
  );
}

function registerRsvpRoutes(app: RouteApp, rsvps: LiveRsvpService) {
  // PUT sets the answer; POST is accepted too, as forms and scripts often send one.
  app.route({
    method: ['PUT', 'POST'],
    url: '/api/live/sessions/:sessionId/rsvp',
    config: { access },
    schema: {
      tags,
      summary: 'Answer going, maybe or not going; "going" beyond the capacity joins the waitlist',
      params: liveSessionParamsSchema,
      body: liveRsvpBodySchema,
      response: { 200: liveSessionEnvelopeSchema },
    },
    handler: async (request) => rsvps.respond(await actorOf(request), request.params.sessionId, request.body.response),
  });
}

export const liveRoutes: FastifyPluginAsyncZod<{
  live: LiveService;
  changes: LiveChangesService;
  rsvps: LiveRsvpService;
  publicUrl: string;
}> = async (app, { live, changes, rsvps, publicUrl }) => {
  registerHubRoutes(app, live);
  registerSessionListRoutes(app, live);
  registerSessionRoutes(app, live, publicUrl);
  registerSessionChangeRoutes(app, changes);
  registerRsvpRoutes(app, rsvps);
};
