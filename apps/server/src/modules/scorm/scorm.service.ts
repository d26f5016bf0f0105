import type { Role } from '@portal/shared/roles';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import type { BlobStore } from '../files/blob-store.ts';
import type { ScormPackageRow, ScormRepository } from './scorm.repository.ts';
import { createScormAssignments } from './scorm-assignments.service.ts';
import { createScormIngest } from './scorm-ingest.service.ts';
import { DEFAULT_INGEST_LEASE_SECONDS } from './scorm-ingest-lease.ts';
import { createScormRuntimeService } from './scorm-runtime.service.ts';
import { createScormStudio } from './scorm-studio.service.ts';
import type { ScormPackageLimits } from './scorm-zip.ts';

export { structureOf, zipKeyFor } from './scorm-ingest.service.ts';

/** Who is asking, as the session and role say. */
export type ScormActor = { id: string; name: string; role: Role };

const notFound = () => new AppError('not_found', 'SCORM package not found.');

type ScormServiceDeps = {
  repository: ScormRepository;
  blobStore: BlobStore;
  domainEvents: DomainEvents;
  limits: ScormPackageLimits;
  contentSecret: string;
  /** Read when a player session is made, since an embedded content server on port 0 learns its port late. */
  contentOrigin: () => string;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  roleOf: (userId: string) => Promise<Role>;
  activity: Pick<ActivityService, 'addTime' | 'timeEndingNowForManySteps'>;
  /** See `sweepInterrupted`; seconds, fractions allowed. */
  ingestLeaseSeconds?: number;
  /** Throws when the courses embedding a package are all above the learner's plan. */
  assertCourseAccess?: (actor: ScormActor, packageId: string) => Promise<void>;
};

export function createScormService({
  repository,
  blobStore,
  domainEvents,
  limits,
  contentSecret,
  contentOrigin,
  logger,
  roleOf,
  activity,
  ingestLeaseSeconds = DEFAULT_INGEST_LEASE_SECONDS,
  assertCourseAccess = async () => undefined,
}: ScormServiceDeps) {
  const canManage = (actor: ScormActor, pkg: Pick<ScormPackageRow, 'createdBy'>) =>
    actor.role === 'admin' || (actor.role === 'instructor' && pkg.createdBy === actor.id);

  async function manageablePackage(actor: ScormActor, packageId: string) {
    const pkg = await repository.findPackage(packageId);
    if (!pkg || !canManage(actor, pkg)) throw notFound();
    return pkg;
  }

  return {
    canManage,

    /** A package's status, or null when there is none; a course lesson may embed only a ready package. */
    async packageStatus(packageId: string) {
      return (await repository.findPackage(packageId))?.status ?? null;
    },

    ...createScormIngest({ repository, blobStore, limits, logger, ingestLeaseSeconds, manageablePackage }),
    ...createScormStudio({ repository, blobStore, manageablePackage }),
    ...createScormAssignments({ repository, manageablePackage }),

    ...createScormRuntimeService({
      repository,
      domainEvents,
      contentSecret,
      contentOrigin,
      logger,
      roleOf,
      activity,
      canManage,
      assertCourseAccess,
    }),
  };
}
export type ScormService = ReturnType<typeof createScormService>;
