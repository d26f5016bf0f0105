import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import { createFlashcardsRepository } from './flashcards.repository.ts';
import { flashcardsRoutes } from './flashcards.routes.ts';
import { createFlashcardsService } from './flashcards.service.ts';
import { createFlashcardsReviewService } from './flashcards-review.service.ts';

/** Decks, cards and their FSRS reviews; each rating emits flashcard.reviewed, which gamification turns into XP. */
export async function registerFlashcards(
  app: FastifyInstance,
  {
    db,
    domainEvents,
    timeZoneOf,
  }: { db: Db; domainEvents: DomainEvents; timeZoneOf: (userId: string) => Promise<string> },
) {
  const repository = createFlashcardsRepository({ db });
  const reviewService = createFlashcardsReviewService({ repository, domainEvents, timeZoneOf });
  const flashcardsService = createFlashcardsService({ repository, reviewService });
  await app.register(flashcardsRoutes, { flashcardsService, reviewService });
  return { flashcardsService, reviewService };
}
