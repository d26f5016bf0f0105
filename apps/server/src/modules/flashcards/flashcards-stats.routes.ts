import { flashcardStatsSchema, optimizerStatusSchema, statsQuerySchema } from '@portal/shared/flashcards-stats';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteApp } from '../../route-app.ts';
import type { FlashcardsService } from './flashcards.service.ts';
import type { FlashcardsOptimizerService } from './flashcards-optimizer.service.ts';
import type { FlashcardsStatsService } from './flashcards-stats.service.ts';

const access = { role: 'user', feature: 'flashcards' } as const;
const tags = ['flashcards'];

const userIdOf = (request: { auth(): { user: { id: string } } }) => request.auth().user.id;

/** The learner's review statistics, optionally of one deck. */
function registerStatsRoutes(
  app: RouteApp,
  { flashcardsService, statsService }: { flashcardsService: FlashcardsService; statsService: FlashcardsStatsService },
) {
  app.get(
    '/api/flashcards/stats',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Reviews per day, true retention, the due forecast and card maturity, optionally of one deck',
        querystring: statsQuerySchema,
        response: { 200: flashcardStatsSchema },
      },
    },
    async (request) => {
      const deckId = request.query.deck_id;
      if (deckId) await flashcardsService.requireReadableDeck(userIdOf(request), deckId);
      return statsService.stats(userIdOf(request), deckId);
    },
  );
}

/** The learner's own FSRS parameters: their status, fitting them, and going back to the defaults. */
function registerOptimizerRoutes(app: RouteApp, optimizerService: FlashcardsOptimizerService) {
  app.get(
    '/api/flashcards/optimizer',
    {
      config: { access },
      schema: {
        tags,
        summary: "Whether scheduling uses the learner's own FSRS parameters, and how well each set fits their reviews",
        response: { 200: optimizerStatusSchema },
      },
    },
    async (request) => optimizerService.status(userIdOf(request)),
  );

  app.post(
    '/api/flashcards/optimizer',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Fit FSRS parameters to the review log in the background (needs 400 reviews); poll the status',
        response: { 202: optimizerStatusSchema },
      },
    },
    async (request, reply) => reply.status(202).send(await optimizerService.start(userIdOf(request))),
  );

  app.delete(
    '/api/flashcards/optimizer',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Schedule with the default FSRS parameters again',
        response: { 200: optimizerStatusSchema },
      },
    },
    async (request) => optimizerService.reset(userIdOf(request)),
  );
}

export const flashcardsStatsRoutes: FastifyPluginAsyncZod<{
  flashcardsService: FlashcardsService;
  statsService: FlashcardsStatsService;
  optimizerService: FlashcardsOptimizerService;
}> = async (app, { flashcardsService, statsService, optimizerService }) => {
  registerStatsRoutes(app, { flashcardsService, statsService });
  registerOptimizerRoutes(app, optimizerService);
};
