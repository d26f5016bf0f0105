import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { CourseCatalogService } from '../courses/course-catalog.service.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import type { BlobStore } from '../files/blob-store.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import { createProgressRepository } from './progress.repository.ts';
import { progressRoutes } from './progress.routes.ts';
import { createProgressService } from './progress.service.ts';
import { subscribeProgressToScorm } from './progress.subscribers.ts';

/** The learner's way through courses: the library, lessons, quizzes and completion, also of embedded SCORM lessons. */
export async function registerProgress(
  app: FastifyInstance,
  deps: {
    db: Db;
    domainEvents: DomainEvents;
    blobStore: BlobStore;
    courseCatalog: CourseCatalogService;
    activityService: Pick<ActivityService, 'addTime' | 'timeEndingNowForManySteps'>;
    subscriptionService: SubscriptionService;
    /** Where the learner opens a SCORM lesson; the SCORM module is listed later, and asked only when one is opened. */
    scormLaunch: (userId: string, packageId: string) => Promise<string | null>;
  },
) {
  const progressService = createProgressService({
    courses: deps.courseCatalog,
    progressRepository: createProgressRepository({ db: deps.db }),
    domainEvents: deps.domainEvents,
    activity: deps.activityService,
    getSubscription: (userId, atLeast) => deps.subscriptionService.getStatus(userId, atLeast),
    scormLaunch: deps.scormLaunch,
  });
  subscribeProgressToScorm(deps.domainEvents, progressService);
  await app.register(progressRoutes, { progressService, blobStore: deps.blobStore });
  return progressService;
}
