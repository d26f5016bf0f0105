import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scormSequencingStates } from './scorm.table.ts';

/** The SCORM 2004 sequencing engine's saved state, one per enrolment, guarded by a revision. */
export function createScormSequencingStateRepository({ db }: { db: Db }) {
  return {
    /** The sequencing state of the learner's own enrolment; null before the first save or for anyone else's. */
    async findOwnSequencingState(learnerId: string, enrollmentId: string) {
      const [row] = await db
        .select({
          state: scormSequencingStates.state,
          revision: scormSequencingStates.revision,
          updatedAt: scormSequencingStates.updatedAt,
        })
        .from(scormSequencingStates)
        .where(
          and(eq(scormSequencingStates.enrollmentId, enrollmentId), eq(scormSequencingStates.learnerId, learnerId)),
        );
      return row ?? null;
    },

    /**
     * Keeps the sequencing state of the learner's own enrolment (the caller checked the enrolment) if it was built on
     * the stored revision (0 before the first save) or the stored one came from the same tab; null otherwise.
     */
    async saveOwnSequencingState(
      learnerId: string,
      enrollmentId: string,
      { state, revision, window }: { state: string; revision: number; window: string },
    ) {
      const now = new Date();
      // One statement, so racing windows are decided by the row lock: the first to update wins.
      const [row] = await db
        .insert(scormSequencingStates)
        .values({ enrollmentId, learnerId, state, revision: 1, savedBy: window, updatedAt: now })
        .onConflictDoUpdate({
          target: scormSequencingStates.enrollmentId,
          set: { state, revision: sql`${scormSequencingStates.revision} + 1`, savedBy: window, updatedAt: now },
          setWhere: and(
            eq(scormSequencingStates.learnerId, learnerId),
            or(eq(scormSequencingStates.revision, revision), eq(scormSequencingStates.savedBy, window)),
          ),
        })
        .returning({ revision: scormSequencingStates.revision, updatedAt: scormSequencingStates.updatedAt });
      return row ?? null;
    },
  };
}
