import type { Role } from '@portal/shared/roles';
import type { FastifyBaseLogger } from 'fastify';
import type { ActivityService } from '../activity/activity.service.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import type { ScormPackageRow, ScormRepository } from './scorm.repository.ts';
/** Who is asking, as the session and role say. */
import type { ScormActor } from './scorm.service.ts';
import { createScormAttemptStart } from './scorm-attempt-start.service.ts';
import { createScormCommits } from './scorm-commit.service.ts';
import { createCommitRollUp } from './scorm-commit-rollup.ts';
import { createScormEnrollments } from './scorm-enrollments.service.ts';
import { createScormPlayerSessions } from './scorm-player-sessions.service.ts';
import { createScormRuntimeAccess } from './scorm-runtime-access.ts';

/** What a learner's player asks of a package: sessions, attempts, commits, sequencing state and content access. */
export function createScormRuntimeService(deps: {
  repository: ScormRepository;
  domainEvents: DomainEvents;
  contentSecret: string;
  contentOrigin: () => string;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  roleOf: (userId: string) => Promise<Role>;
  activity: Pick<ActivityService, 'addTime' | 'timeEndingNowForManySteps'>;
  canManage: (actor: ScormActor, pkg: Pick<ScormPackageRow, 'createdBy'>) => boolean;
  assertCourseAccess: (actor: ScormActor, packageId: string) => Promise<void>;
}) {
  const access = createScormRuntimeAccess(deps);
  const rollUp = createCommitRollUp(deps);
  return {
    ...createScormPlayerSessions({ ...deps, access }),
    ...createScormEnrollments({ ...deps, access }),
    ...createScormAttemptStart({ ...deps, access, rollUp }),
    ...createScormCommits({ ...deps, rollUp }),
  };
}
