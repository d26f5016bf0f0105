import {
  createRoundBodySchema,
  finishRoundBodySchema,
  gameBestsSchema,
  gameRoundSchema,
  gameSourcesSchema,
  roundParamsSchema,
  roundResultSchema,
} from '@portal/shared/games';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteApp } from '../../route-app.ts';
import type { GamesService } from './games.service.ts';

/** Games are a calm-tier feature; signed-out visitors play the sample set in the browser, without these routes. */
const access = { role: 'user', feature: 'games' } as const;

/** Rounds per learner and minute: far above play (a round lasts seconds at least), low enough to stop a script. */
export const GAME_ROUNDS_PER_MINUTE = 30;
const roundLimit = {
  max: GAME_ROUNDS_PER_MINUTE,
  timeWindow: '1 minute',
  // After the access check, so the count is the learner's own, whichever address they play from.
  hook: 'preHandler',
  keyGenerator: (request: FastifyRequest) => `games-rounds:${request.auth().user.id}`,
} as const;

const viewer = async (request: FastifyRequest) => ({
  userId: request.auth().user.id,
  role: await request.role(),
});

/** What the learner can play on and their personal bests. */
function registerGameOverviewRoutes(app: RouteApp, gamesService: GamesService) {
  app.get(
    '/api/games/sources',
    {
      config: { access },
      schema: {
        tags: ['games'],
        summary: "What the learner can play on: their courses' quizzes and glossaries, their decks, or everything",
        response: { 200: gameSourcesSchema },
      },
    },
    async (request) => gamesService.sources(await viewer(request)),
  );

  app.get(
    '/api/games/bests',
    {
      config: { access },
      schema: {
        tags: ['games'],
        summary: "The learner's personal bests per game, difficulty and mode",
        response: { 200: gameBestsSchema },
      },
    },
    async (request) => gamesService.bests(request.auth().user.id),
  );
}

/** Issuing a round and finishing it. */
function registerRoundRoutes(app: RouteApp, gamesService: GamesService) {
  app.post(
    '/api/games/rounds',
    {
      config: { access, rateLimit: roundLimit },
      schema: {
        tags: ['games'],
        summary: 'Issue a round from the chosen source; the server keeps the answers',
        body: createRoundBodySchema,
        response: { 201: gameRoundSchema },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return gamesService.issueRound(await viewer(request), request.body);
    },
  );

  app.post(
    '/api/games/rounds/:roundId/finish',
    {
      config: { access },
      schema: {
        tags: ['games'],
        summary: 'Finish a round once: the server grades the answers and checks items and times',
        params: roundParamsSchema,
        body: finishRoundBodySchema,
        response: { 200: roundResultSchema },
      },
    },
    async (request) => gamesService.finishRound(await viewer(request), request.params.roundId, request.body),
  );
}

export const gamesRoutes: FastifyPluginAsyncZod<{ gamesService: GamesService }> = async (app, { gamesService }) => {
  registerGameOverviewRoutes(app, gamesService);
  registerRoundRoutes(app, gamesService);
};
