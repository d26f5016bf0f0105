import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import { createStudyRepository } from './study.repository.ts';
import { studyRoutes } from './study.routes.ts';
import { createStudyService } from './study.service.ts';

/**
 * Focused study sessions. Returns `studySecondsBetween`, the learner's study time in a window (lessons, SCORM and
 * focused sessions, the open one included), which goals and the coach count.
 */
export async function registerStudy(
  app: FastifyInstance,
  {
    db,
    activityService,
    domainEvents,
    timeZoneOf,
  }: {
    db: Db;
    activityService: ActivityService;
    domainEvents: DomainEvents;
    timeZoneOf: (userId: string) => Promise<string>;
  },
) {
  const studyService = createStudyService({
    studyRepository: createStudyRepository({ db }),
    activity: activityService,
    domainEvents,
    timeZoneOf,
  });
  await app.register(studyRoutes, { studyService });
  const studySecondsBetween = async (userId: string, window: { from: Date; to: Date }) =>
    (await activityService.secondsBetween(userId, window)) + (await studyService.openFocusedSeconds(userId, window));
  return { studyService, studySecondsBetween };
}
