import type { ActivityService } from '../activity/activity.service.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import type { StudyRepository } from './study.repository.ts';
import { createSessionControls, createSessionLifecycle, createStudyOverview } from './study-sessions.ts';

export { sessionEnd } from './study-sessions.ts';

export function createStudyService({
  studyRepository,
  activity,
  domainEvents,
  timeZoneOf,
  now = () => new Date(),
}: {
  studyRepository: StudyRepository;
  activity: Pick<ActivityService, 'addTime'>;
  domainEvents: DomainEvents;
  timeZoneOf: (userId: string) => Promise<string>;
  now?: () => Date;
}) {
  const deps = { studyRepository, activity, domainEvents, timeZoneOf, now };
  const lifecycle = createSessionLifecycle(deps);
  return {
    ...createStudyOverview(deps, lifecycle.settle),
    ...createSessionControls(deps, lifecycle),
  };
}
export type StudyService = ReturnType<typeof createStudyService>;
