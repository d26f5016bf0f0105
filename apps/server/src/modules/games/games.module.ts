import { canUseFeature } from '@portal/shared/tiers';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../plugins/jobs.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import type { FlashcardsService } from '../flashcards/flashcards.service.ts';
import type { ProgressService } from '../progress/progress.service.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import { createGamesRepository } from './games.repository.ts';
import { gamesRoutes } from './games.routes.ts';
import { createGamesService, type Viewer } from './games.service.ts';
import type { GameCourse, GameDeck } from './games-content.ts';

/** The nightly job that removes game rounds nobody finished, once across instances. */
export const GAMES_SWEEP_JOB = 'games.sweep-abandoned-rounds';

type GamesDeps = {
  db: Db;
  domainEvents: DomainEvents;
  progressService: Pick<ProgressService, 'library' | 'loadLearnerCourse'>;
  flashcardsService: Pick<FlashcardsService, 'listDecks' | 'listNotes'>;
  subscriptionService: Pick<SubscriptionService, 'getStatus'>;
  clock: Clock;
};

/** Enrolled courses in the learner's plan; lessons of locked modules and unfinished lessons are left out. */
function gameCoursesReader(progressService: GamesDeps['progressService']) {
  return async (viewer: Viewer): Promise<GameCourse[]> => {
    const enrolled = (await progressService.library(viewer)).filter((entry) => entry.accessible);
    return Promise.all(
      enrolled.map(async ({ course }) => {
        const learner = await progressService.loadLearnerCourse(viewer, course.id);
        const lessons = learner.tree.lessons.filter((lesson) => !learner.modules.get(lesson.moduleId)?.locked);
        return { id: course.id, title: course.title, lessons };
      }),
    );
  };
}

/** The learner's decks with their notes, or null when their plan has no flashcards. */
function gameDecksReader({
  flashcardsService,
  subscriptionService,
}: Pick<GamesDeps, 'flashcardsService' | 'subscriptionService'>) {
  return async (userId: string): Promise<GameDeck[] | null> => {
    if (!canUseFeature(await subscriptionService.getStatus(userId), 'flashcards')) return null;
    const [decks, { notes }] = await Promise.all([
      flashcardsService.listDecks(userId),
      flashcardsService.listNotes(userId, {}),
    ]);
    return decks.map((deck) => ({
      id: deck.id,
      name: deck.name,
      notes: notes.filter((note) => note.deck_id === deck.id),
    }));
  };
}

/** Match, Quiz sprint and Recall on the learner's own courses and decks; finishing a round records game.completed. */
export async function registerGames(
  app: FastifyInstance,
  { db, domainEvents, progressService, flashcardsService, subscriptionService, clock }: GamesDeps,
) {
  const gamesService = createGamesService({
    repository: createGamesRepository({ db }),
    domainEvents,
    coursesOf: gameCoursesReader(progressService),
    decksOf: gameDecksReader({ flashcardsService, subscriptionService }),
    now: () => clock.now(),
  });
  await app.register(gamesRoutes, { gamesService });
  await app.jobs.work(GAMES_SWEEP_JOB, async () => {
    const removed = await gamesService.sweepAbandonedRounds();
    if (removed > 0) app.log.info({ removed }, 'abandoned game rounds removed');
  });
  await app.jobs.cron(GAMES_SWEEP_JOB, '17 3 * * *');
  return gamesService;
}
