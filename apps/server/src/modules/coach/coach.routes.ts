import {
  type CoachStreamEvent,
  coachOverviewSchema,
  conversationDetailSchema,
  conversationEnvelopeSchema,
  conversationListSchema,
  conversationParamsSchema,
  createConversationBodySchema,
  proposalParamsSchema,
  proposalResultSchema,
  sendMessageBodySchema,
} from '@portal/shared/coach';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteApp } from '../../route-app.ts';
import type { CoachService } from './coach.service.ts';
import type { CoachProposalsService } from './coach-proposals.service.ts';

const access = { role: 'user', feature: 'ai_coach' } as const;
const tags = ['coach'];

const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
  'x-content-type-options': 'nosniff',
  connection: 'keep-alive',
};

const userIdOf = (request: { auth(): { user: { id: string } } }) => request.auth().user.id;

/** The overview, the list of conversations and starting one. */
function registerCoachStartRoutes(app: RouteApp, coachService: CoachService) {
  app.get(
    '/api/coach/overview',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Messages left today and prompts suggested by the learner’s state',
        response: { 200: coachOverviewSchema },
      },
    },
    async (request) => coachService.overview(userIdOf(request)),
  );

  app.get(
    '/api/coach/conversations',
    {
      config: { access },
      schema: { tags, summary: "The learner's conversations, latest first", response: { 200: conversationListSchema } },
    },
    async (request) => ({ conversations: await coachService.list(userIdOf(request)) }),
  );

  app.post(
    '/api/coach/conversations',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Start a conversation',
        body: createConversationBodySchema,
        response: { 201: conversationEnvelopeSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ conversation: await coachService.create(userIdOf(request), request.body.title) }),
  );
}

/** One conversation, deleting it, and deleting them all. */
function registerConversationRoutes(app: RouteApp, coachService: CoachService) {
  app.get(
    '/api/coach/conversations/:conversationId',
    {
      config: { access },
      schema: {
        tags,
        summary: 'A conversation with its messages',
        params: conversationParamsSchema,
        response: { 200: conversationDetailSchema },
      },
    },
    async (request) => coachService.get(userIdOf(request), request.params.conversationId),
  );

  app.delete(
    '/api/coach/conversations/:conversationId',
    {
      config: { access },
      schema: { tags, summary: 'Delete a conversation', params: conversationParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await coachService.remove(userIdOf(request), request.params.conversationId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/coach/conversations',
    {
      config: { access },
      schema: { tags, summary: "Delete all of the learner's conversations", response: { 204: z.null() } },
    },
    async (request, reply) => {
      await coachService.removeAll(userIdOf(request));
      return reply.status(204).send(null);
    },
  );
}

/** Asking the coach, with the answer streamed back. */
function registerMessageRoutes(app: RouteApp, coachService: CoachService) {
  app.post(
    '/api/coach/conversations/:conversationId/messages',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Ask the coach; the answer streams back as server-sent events (start, token…, done or error)',
        params: conversationParamsSchema,
        body: sendMessageBodySchema,
      },
    },
    async (request, reply) => {
      const stream = await coachService.prepareSend(userIdOf(request), request.params.conversationId, {
        content: request.body.content,
        language: request.body.language,
      });
      const stopped = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) stopped.abort();
      });
      reply.hijack();
      reply.raw.writeHead(200, EVENT_STREAM_HEADERS);
      const emit = ({ event, data }: CoachStreamEvent) => {
        if (!reply.raw.writableEnded && !reply.raw.destroyed) {
          reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        }
      };
      try {
        await stream(emit, stopped.signal);
      } catch (error) {
        request.log.error({ err: error }, 'coach answer failed');
      } finally {
        if (!reply.raw.writableEnded) reply.raw.end();
      }
    },
  );
}

/** Confirming or dismissing what the coach suggested. */
function registerProposalRoutes(app: RouteApp, proposalsService: CoachProposalsService) {
  for (const action of ['confirm', 'dismiss'] as const) {
    app.post(
      `/api/coach/messages/:messageId/proposals/:proposalId/${action}`,
      {
        config: { access },
        schema: {
          tags,
          summary:
            action === 'confirm'
              ? 'Write a suggestion of the coach (flashcards or a goal) for the learner'
              : 'Dismiss a suggestion of the coach',
          params: proposalParamsSchema,
          response: { 200: proposalResultSchema },
        },
      },
      async (request) => ({
        message: await proposalsService[action](userIdOf(request), request.params.messageId, request.params.proposalId),
      }),
    );
  }
}

export const coachRoutes: FastifyPluginAsyncZod<{
  coachService: CoachService;
  proposalsService: CoachProposalsService;
}> = async (app, { coachService, proposalsService }) => {
  registerCoachStartRoutes(app, coachService);
  registerConversationRoutes(app, coachService);
  registerMessageRoutes(app, coachService);
  registerProposalRoutes(app, proposalsService);
};
