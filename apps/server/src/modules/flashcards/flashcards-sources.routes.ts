import { deckEnvelopeSchema, deckParamsSchema } from '@portal/shared/flashcards';
import {
  courseOptionListSchema,
  deckCourseBodySchema,
  fromNoteBodySchema,
  fromPassageBodySchema,
  mistakeCardsBodySchema,
  mistakeCardsResultSchema,
  mistakeListSchema,
  oneClickResultSchema,
} from '@portal/shared/flashcards-sources';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteApp } from '../../route-app.ts';
import type { FlashcardsService } from './flashcards.service.ts';
import type { FlashcardsCourseService } from './flashcards-course.service.ts';
import type { FlashcardsSourcesService } from './flashcards-sources.service.ts';

const access = { role: 'user', feature: 'flashcards' } as const;
const authorAccess = { role: 'instructor', feature: 'flashcards' } as const;
const tags = ['flashcards'];

const userIdOf = (request: { auth(): { user: { id: string } } }) => request.auth().user.id;

/** Authors attach their decks to the courses they author. */
function registerCourseDeckRoutes(
  app: RouteApp,
  {
    flashcardsService,
    courseService,
  }: { flashcardsService: FlashcardsService; courseService: FlashcardsCourseService },
) {
  app.get(
    '/api/flashcards/course-options',
    {
      config: { access: authorAccess },
      schema: {
        tags,
        summary: 'Courses the caller may attach a deck to (an instructor: their own; an admin: all)',
        response: { 200: courseOptionListSchema },
      },
    },
    async (request) => ({
      courses: await courseService.courseOptions({ id: userIdOf(request), role: await request.role() }),
    }),
  );

  app.put(
    '/api/flashcards/decks/:deckId/course',
    {
      config: { access: authorAccess },
      schema: {
        tags,
        summary: "Attach one's own deck to a course one authors (its learners get it), or detach it with null",
        params: deckParamsSchema,
        body: deckCourseBodySchema,
        response: { 200: deckEnvelopeSchema },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      const actor = { id: userId, role: await request.role() };
      await courseService.attach(actor, request.params.deckId, request.body.course_id);
      const deck = (await flashcardsService.listDecks(userId)).find((listed) => listed.id === request.params.deckId);
      return { deck: deck as NonNullable<typeof deck> };
    },
  );
}

/** One-click cards from a note or a lesson passage. */
function registerOneClickRoutes(app: RouteApp, { sourcesService }: { sourcesService: FlashcardsSourcesService }) {
  app.post(
    '/api/flashcards/from-note',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Make a card from one of my notes (once: the same note answers its card again)',
        body: fromNoteBodySchema,
        response: { 200: oneClickResultSchema, 201: oneClickResultSchema },
      },
    },
    async (request, reply) => {
      const result = await sourcesService.fromNote(userIdOf(request), request.body);
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );

  app.post(
    '/api/flashcards/from-passage',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Make a card from a passage of a lesson I may open',
        body: fromPassageBodySchema,
        response: { 201: oneClickResultSchema },
      },
    },
    async (request, reply) => {
      const viewer = { userId: userIdOf(request), role: await request.role() };
      return reply.status(201).send(await sourcesService.fromPassage(viewer, request.body));
    },
  );
}

/** The learner's wrong answers, and cards made from them. */
function registerMistakeRoutes(app: RouteApp, { sourcesService }: { sourcesService: FlashcardsSourcesService }) {
  app.get(
    '/api/flashcards/mistakes',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Quiz questions and SCORM interactions I got wrong, and whether each is carded',
        response: { 200: mistakeListSchema },
      },
    },
    async (request) => ({ mistakes: await sourcesService.mistakes(userIdOf(request)) }),
  );

  app.post(
    '/api/flashcards/mistakes/cards',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Make cards from my mistakes (the named ones, or all) that have none yet',
        body: mistakeCardsBodySchema,
        response: { 200: mistakeCardsResultSchema },
      },
    },
    async (request) => sourcesService.cardMistakes(userIdOf(request), request.body),
  );
}

/** Course decks for authors, and one-click cards for learners. */
export const flashcardsSourcesRoutes: FastifyPluginAsyncZod<{
  flashcardsService: FlashcardsService;
  courseService: FlashcardsCourseService;
  sourcesService: FlashcardsSourcesService;
}> = async (app, { flashcardsService, courseService, sourcesService }) => {
  registerCourseDeckRoutes(app, { flashcardsService, courseService });
  registerOneClickRoutes(app, { sourcesService });
  registerMistakeRoutes(app, { sourcesService });
};
