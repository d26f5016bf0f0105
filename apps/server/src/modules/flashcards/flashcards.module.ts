import type { Role } from '@portal/shared/roles';
import type { SubscriptionStatus } from '@portal/shared/tiers';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AccountErasure } from '../account-data/account-erasure.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import type { BlobStore } from '../files/blob-store.ts';
import { createFlashcardsRepository, type FlashcardsRepository } from './flashcards.repository.ts';
import { flashcardsRoutes } from './flashcards.routes.ts';
import { createFlashcardsService, type FlashcardsService } from './flashcards.service.ts';
import { createFlashcardsCourseRepository } from './flashcards-course.repository.ts';
import { createFlashcardsCourseService } from './flashcards-course.service.ts';
import { createFlashcardsImportRepository } from './flashcards-import.repository.ts';
import { flashcardsImportRoutes } from './flashcards-import.routes.ts';
import { createFlashcardsImportService } from './flashcards-import.service.ts';
import { createFlashcardsOptimizerRepository } from './flashcards-optimizer.repository.ts';
import { createFlashcardsOptimizerService } from './flashcards-optimizer.service.ts';
import { createFlashcardsReviewService } from './flashcards-review.service.ts';
import { createFlashcardsSourcesRepository } from './flashcards-sources.repository.ts';
import { flashcardsSourcesRoutes } from './flashcards-sources.routes.ts';
import { createFlashcardsSourcesService } from './flashcards-sources.service.ts';
import { createFlashcardsStatsRepository } from './flashcards-stats.repository.ts';
import { flashcardsStatsRoutes } from './flashcards-stats.routes.ts';
import { createFlashcardsStatsService } from './flashcards-stats.service.ts';

type Viewer = { userId: string; role: Role };

type FlashcardsModuleDeps = {
  db: Db;
  domainEvents: DomainEvents;
  timeZoneOf: (userId: string) => Promise<string>;
  getSubscription: (userId: string) => Promise<SubscriptionStatus>;
  auditService: Pick<AuditService, 'recordAuditEvent'>;
  /** The lesson when the learner may open it (throws otherwise), for cards made from its passages. */
  checkLessonAccess: (viewer: Viewer, lessonId: string) => Promise<{ courseId: string; title: string }>;
  /** Where images of imported cards are kept. */
  blobStore: BlobStore;
  /** Account deletion: the images of a deleted learner's cards go with them. */
  erasure: AccountErasure;
};

/** Decks, notes, reviews, course decks and cards made from lessons, over one repository. */
function createStudyServices({
  db,
  domainEvents,
  timeZoneOf,
  getSubscription,
  auditService,
  checkLessonAccess,
}: Omit<FlashcardsModuleDeps, 'blobStore' | 'erasure'>) {
  const repository = createFlashcardsRepository({ db });
  const courseService = createFlashcardsCourseService({
    courseRepository: createFlashcardsCourseRepository({ db }),
    getSubscription,
    auditService,
  });
  const reviewService = createFlashcardsReviewService({
    repository,
    domainEvents,
    timeZoneOf,
    hiddenDecksOf: (userId) => courseService.prepare(userId),
  });
  const flashcardsService = createFlashcardsService({ repository, reviewService, courseService });
  const sourcesService = createFlashcardsSourcesService({
    repository,
    sourcesRepository: createFlashcardsSourcesRepository({ db }),
    flashcardsService,
    checkLessonAccess,
  });
  return { repository, courseService, reviewService, flashcardsService, sourcesService };
}

/** Importing and exporting decks; a deleted learner's imported images are erased with their account. */
async function registerImport(
  app: FastifyInstance,
  {
    db,
    repository,
    blobStore,
    erasure,
  }: Pick<FlashcardsModuleDeps, 'db' | 'blobStore' | 'erasure'> & {
    repository: FlashcardsRepository;
  },
) {
  const importService = createFlashcardsImportService({
    repository,
    importRepository: createFlashcardsImportRepository({ db }),
    blobStore,
  });
  await app.register(flashcardsImportRoutes, { importService });
  erasure.register((userId) => importService.imagesToErase(userId));
}

/** Review statistics and the FSRS parameter optimizer. */
async function registerStats(
  app: FastifyInstance,
  {
    db,
    timeZoneOf,
    flashcardsService,
  }: Pick<FlashcardsModuleDeps, 'db' | 'timeZoneOf'> & {
    flashcardsService: FlashcardsService;
  },
) {
  const optimizerService = createFlashcardsOptimizerService({
    repository: createFlashcardsOptimizerRepository({ db }),
    timeZoneOf,
    logger: app.log,
  });
  // Shutting down waits for optimizations under way, so none is left marked running.
  app.addHook('onClose', () => optimizerService.settled());
  await app.register(flashcardsStatsRoutes, {
    flashcardsService,
    statsService: createFlashcardsStatsService({ repository: createFlashcardsStatsRepository({ db }), timeZoneOf }),
    optimizerService,
  });
}

/** Decks, cards and their FSRS reviews; each rating emits flashcard.reviewed, which gamification turns into XP. */
export async function registerFlashcards(app: FastifyInstance, deps: FlashcardsModuleDeps) {
  const { repository, courseService, reviewService, flashcardsService, sourcesService } = createStudyServices(deps);
  await app.register(flashcardsRoutes, { flashcardsService, reviewService });
  await app.register(flashcardsSourcesRoutes, { flashcardsService, courseService, sourcesService });
  await registerImport(app, { ...deps, repository });
  await registerStats(app, { ...deps, flashcardsService });
  return { flashcardsService, reviewService, sourcesService };
}
