import type { ActivityRepository } from './activity.repository.ts';

/**
 * Learning time as other modules see it: progress, SCORM and study record into it, analytics and study read it.
 * They hold this service, never the repository or its tables.
 */
export function createActivityService({ repository }: { repository: ActivityRepository }) {
  return {
    /** Adds a span of learning that ended at `endedAt`, inside the caller's transaction when one is given. */
    addTime: repository.addTime,
    /** Steps that add learning time in the caller's own statement (see the repository). */
    timeEndingNowForManySteps: repository.timeEndingNowForManySteps,
    secondsBetween: repository.secondsBetween,
    /** Seconds per local day (`YYYY-MM-DD` in `timeZone`) between two instants, to read with others. */
    secondsByDayPart: repository.secondsByDayPart,
    totalSecondsPart: repository.totalSecondsPart,
  };
}
export type ActivityService = ReturnType<typeof createActivityService>;
