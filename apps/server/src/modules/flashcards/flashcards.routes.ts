import {
  cardChangeSchema,
  cardEnvelopeSchema,
  cardParamsSchema,
  createNoteBodySchema,
  deckBodySchema,
  deckEnvelopeSchema,
  deckListSchema,
  deckParamsSchema,
  flashcardSettingsSchema,
  noteEnvelopeSchema,
  noteListQuerySchema,
  noteListSchema,
  noteParamsSchema,
  rateBodySchema,
  rateResultSchema,
  reviewQuerySchema,
  reviewQueueSchema,
  undoQuerySchema,
  undoResultSchema,
  updateNoteBodySchema,
} from '@portal/shared/flashcards';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteApp } from '../../route-app.ts';
import type { FlashcardsService } from './flashcards.service.ts';
import type { FlashcardsReviewService } from './flashcards-review.service.ts';

const access = { role: 'user', feature: 'flashcards' } as const;
const tags = ['flashcards'];
const userIdOf = (request: { auth(): { user: { id: string } } }) => request.auth().user.id;

/** The learner's decks: listing them and creating one. */
function registerDeckListRoutes(app: RouteApp, flashcardsService: FlashcardsService) {
  app.get(
    '/api/flashcards/decks',
    {
      config: { access },
      schema: {
        tags,
        summary: "The learner's decks with due and new counts",
        response: { 200: deckListSchema },
      },
    },
    async (request) => ({ decks: await flashcardsService.listDecks(userIdOf(request)) }),
  );

  app.post(
    '/api/flashcards/decks',
    {
      config: { access },
      schema: { tags, summary: 'Create a deck', body: deckBodySchema, response: { 201: deckEnvelopeSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({ deck: await flashcardsService.createDeck(userIdOf(request), request.body.name) }),
  );
}

/** One deck: renaming and deleting it. */
function registerOneDeckRoutes(app: RouteApp, flashcardsService: FlashcardsService) {
  app.patch(
    '/api/flashcards/decks/:deckId',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Rename a deck',
        params: deckParamsSchema,
        body: deckBodySchema,
        response: { 200: deckEnvelopeSchema },
      },
    },
    async (request) => ({
      deck: await flashcardsService.renameDeck(userIdOf(request), request.params.deckId, request.body.name),
    }),
  );

  app.delete(
    '/api/flashcards/decks/:deckId',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Delete a deck with its cards and their reviews',
        params: deckParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await flashcardsService.deleteDeck(userIdOf(request), request.params.deckId);
      return reply.status(204).send(null);
    },
  );
}

/** The learner's notes (what a card asks and answers): listing them and adding one. */
function registerNoteListRoutes(app: RouteApp, flashcardsService: FlashcardsService) {
  app.get(
    '/api/flashcards/notes',
    {
      config: { access },
      schema: {
        tags,
        summary: "The learner's cards, optionally in one deck, with a tag, or matching a search",
        querystring: noteListQuerySchema,
        response: { 200: noteListSchema },
      },
    },
    async (request) => flashcardsService.listNotes(userIdOf(request), request.query),
  );

  app.post(
    '/api/flashcards/notes',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Add a card (one per cloze number when the front has cloze deletions)',
        body: createNoteBodySchema,
        response: { 201: noteEnvelopeSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ note: await flashcardsService.createNote(userIdOf(request), request.body) }),
  );
}

/** One note: editing and deleting it. */
function registerOneNoteRoutes(app: RouteApp, flashcardsService: FlashcardsService) {
  app.patch(
    '/api/flashcards/notes/:noteId',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Edit a card; cloze cards are regenerated, keeping the history of numbers that remain',
        params: noteParamsSchema,
        body: updateNoteBodySchema,
        response: { 200: noteEnvelopeSchema },
      },
    },
    async (request) => ({
      note: await flashcardsService.updateNote(userIdOf(request), request.params.noteId, request.body),
    }),
  );

  app.delete(
    '/api/flashcards/notes/:noteId',
    {
      config: { access },
      schema: { tags, summary: 'Delete a card', params: noteParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await flashcardsService.deleteNote(userIdOf(request), request.params.noteId);
      return reply.status(204).send(null);
    },
  );
}

/** Studying: setting cards aside and the queue. */
function registerQueueRoutes(
  app: RouteApp,
  {
    flashcardsService,
    reviewService,
  }: { flashcardsService: FlashcardsService; reviewService: FlashcardsReviewService },
) {
  app.patch(
    '/api/flashcards/cards/:cardId',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Suspend, unsuspend or bury a card until tomorrow',
        params: cardParamsSchema,
        body: cardChangeSchema,
        response: { 200: cardEnvelopeSchema },
      },
    },
    async (request) => ({
      card: await flashcardsService.changeCard(userIdOf(request), request.params.cardId, request.body),
    }),
  );

  app.get(
    '/api/flashcards/review',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The next cards to study with the interval each rating would give, and what is left today',
        querystring: reviewQuerySchema,
        response: { 200: reviewQueueSchema },
      },
    },
    async (request) => {
      const deckId = request.query.deck_id;
      if (deckId) await flashcardsService.requireReadableDeck(userIdOf(request), deckId);
      return reviewService.queue(userIdOf(request), deckId);
    },
  );
}

/** Studying: rating a card and undoing the last rating. */
function registerRatingRoutes(app: RouteApp, reviewService: FlashcardsReviewService) {
  app.post(
    '/api/flashcards/cards/:cardId/rate',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Rate a card; the server schedules it (the same idempotency key rates once)',
        params: cardParamsSchema,
        body: rateBodySchema,
        response: { 200: rateResultSchema },
      },
    },
    async (request) => reviewService.rate(userIdOf(request), request.params.cardId, request.body),
  );

  app.post(
    '/api/flashcards/review/undo',
    {
      config: { access },
      schema: {
        tags,
        summary: "Undo today's last rating; with `key`, only if it is still the last one",
        querystring: undoQuerySchema,
        response: { 200: undoResultSchema },
      },
    },
    async (request) => reviewService.undo(userIdOf(request), request.query.key),
  );
}

/** How hard and how much the learner studies each day. */
function registerSettingsRoutes(app: RouteApp, reviewService: FlashcardsReviewService) {
  app.get(
    '/api/flashcards/settings',
    {
      config: { access },
      schema: { tags, summary: 'Desired retention and daily limits', response: { 200: flashcardSettingsSchema } },
    },
    async (request) => reviewService.settingsOf(userIdOf(request)),
  );

  app.put(
    '/api/flashcards/settings',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Change desired retention (0.7–0.97) and daily limits',
        body: flashcardSettingsSchema,
        response: { 200: flashcardSettingsSchema },
      },
    },
    async (request) => reviewService.saveSettings(userIdOf(request), request.body),
  );
}

export const flashcardsRoutes: FastifyPluginAsyncZod<{
  flashcardsService: FlashcardsService;
  reviewService: FlashcardsReviewService;
}> = async (app, { flashcardsService, reviewService }) => {
  registerDeckListRoutes(app, flashcardsService);
  registerOneDeckRoutes(app, flashcardsService);
  registerNoteListRoutes(app, flashcardsService);
  registerOneNoteRoutes(app, flashcardsService);
  registerQueueRoutes(app, { flashcardsService, reviewService });
  registerRatingRoutes(app, reviewService);
  registerSettingsRoutes(app, reviewService);
};
