import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { BuiltOnce } from '../../db/built-once.ts';
import type { Db } from '../../db/client.ts';
import type { Tx } from './progress.repository.ts';
import { courseProgress, lessonProgress } from './progress.table.ts';
import {
  type ActivityValues,
  activitySet,
  type ReportAtOnce,
  saveReportsAtOnce,
  timeSpentAfterGap,
} from './progress-reports-at-once.ts';
import { type LessonProgressRow, lessonCount } from './progress-rows.ts';

/** Opening a lesson: the learner's rows of the lesson and the course started or stamped. */
export function createLessonOpenings(db: Db) {
  return {
    /** Records that the learner opened a lesson: starts the course and the lesson clock, restarts the watch budget. */
    async recordOpen({ userId, lessonId, courseId }: { userId: string; lessonId: string; courseId: string }) {
      const [row] = await db
        .insert(lessonProgress)
        .values({
          userId,
          lessonId,
          courseId,
          firstOpenedAt: sql`now()`,
          lastActivityAt: sql`now()`,
          lastReportAt: sql`now()`,
        })
        .onConflictDoUpdate({
          target: [lessonProgress.userId, lessonProgress.lessonId],
          set: {
            firstOpenedAt: sql`coalesce(${lessonProgress.firstOpenedAt}, now())`,
            timeSpentSeconds: timeSpentAfterGap,
            lastActivityAt: sql`now()`,
            lastReportAt: sql`now()`,
            updatedAt: sql`now()`,
          },
        })
        .returning({ ...getTableColumns(lessonProgress), version: sql<string>`${lessonProgress}.xmin::text` });
      const lessonsTotal = lessonCount(courseId);
      await db
        .insert(courseProgress)
        .values({ userId, courseId, lastLessonId: lessonId, lessonsTotal })
        .onConflictDoUpdate({
          target: [courseProgress.userId, courseProgress.courseId],
          set: { lastLessonId: lessonId, lastActivityAt: sql`now()` },
        });
      if (!row) throw new Error('Lesson progress upsert returned no row');
      const { version, ...progress } = row;
      return { progress, version };
    },
  };
}

/** A learner's activity on a lesson saved under the lock of their row. */
export function createLessonActivityWrites() {
  return {
    /** The learner's row for a lesson, locked for this transaction; created when missing. */
    async lockLessonProgress(
      tx: Tx,
      { userId, lessonId, courseId }: { userId: string; lessonId: string; courseId: string },
    ) {
      const lessonsTotal = lessonCount(courseId);
      await tx
        .insert(courseProgress)
        .values({ userId, courseId, lastLessonId: lessonId, lessonsTotal })
        .onConflictDoNothing({ target: [courseProgress.userId, courseProgress.courseId] });
      // One statement: the no-op update on conflict takes the row lock and returns the row as it is.
      const [row] = await tx
        .insert(lessonProgress)
        .values({ userId, lessonId, courseId })
        .onConflictDoUpdate({
          target: [lessonProgress.userId, lessonProgress.lessonId],
          set: { userId: sql`excluded.user_id` },
        })
        .returning();
      if (!row) throw new Error('Lesson progress row missing after upsert');
      return row;
    },

    /** Saves a report's changes, adding the time since the previous activity when it was not a pause. */
    async saveActivity(
      tx: Tx,
      { userId, lessonId }: { userId: string; lessonId: string },
      values: ActivityValues,
    ): Promise<LessonProgressRow> {
      const [row] = await tx
        .update(lessonProgress)
        .set(activitySet(values))
        .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId)))
        .returning();
      if (!row) throw new Error('Lesson progress row missing');
      return row;
    },
  };
}

/** Reports of many learners saved in one statement, each statement built once per shape. */
export function createReportsAtOnce(db: Db) {
  const reportStatements = new BuiltOnce();
  return {
    /**
     * Saves reports that complete nothing in one statement, each if the learner's row is still the version read
     * before (`before`): the row as `saveActivity` saves it, the course's last lesson and activity, and the learning
     * time the report earned (`addTime`: steps of the same statement, given rows (user_id, seconds) of what the rows
     * gained). One statement commits on its own, so no lock is held across round trips. The reports must write the
     * same columns (`reportShape`) and be of different learners, at most `REPORTS_PER_STATEMENT`. Each answer is in
     * its report's place: undefined when the row changed since it was read (another tab reported, say) or the course
     * has no row yet; the caller then takes the locked way.
     */
    saveReportsAtOnce: (reports: readonly ReportAtOnce[], addTime: (gained: SQL) => SQL) =>
      saveReportsAtOnce(db, reportStatements, reports, addTime),
  };
}
