import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scormAttempts } from './scorm.table.ts';

/** Writes the launch rules make to a learner's attempts. */
export function createScormAttemptLimitsRepository({ db }: { db: Db }) {
  return {
    /** Ends the learner's own open attempt, so the next launch starts a new one. */
    async endOpenAttempt(learnerId: string, attemptId: string) {
      await db
        .update(scormAttempts)
        .set({ endedAt: new Date() })
        .where(
          and(eq(scormAttempts.id, attemptId), eq(scormAttempts.learnerId, learnerId), isNull(scormAttempts.endedAt)),
        );
    },
  };
}
export type ScormAttemptLimitsRepository = ReturnType<typeof createScormAttemptLimitsRepository>;
