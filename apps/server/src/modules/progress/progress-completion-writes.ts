import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Tx } from './progress.repository.ts';
import { courseProgress, lessonProgress, moduleCompletions, quizAttempts } from './progress.table.ts';
import { lessonCount, percentOf, type QuizAttemptRow, toSummary } from './progress-rows.ts';

/** Completions recorded once: the call that records one is the only one told it did. */
export function createCompletionWrites() {
  return {
    /** Marks the lesson completed; true only for the call that did it. */
    async markLessonCompleted(tx: Tx, userId: string, lessonId: string): Promise<boolean> {
      const rows = await tx
        .update(lessonProgress)
        .set({ status: 'completed', completedAt: sql`now()`, updatedAt: sql`now()` })
        .where(
          and(
            eq(lessonProgress.userId, userId),
            eq(lessonProgress.lessonId, lessonId),
            isNull(lessonProgress.completedAt),
          ),
        )
        .returning({ lessonId: lessonProgress.lessonId });
      return rows.length > 0;
    },
    /** True only for the call that recorded the completion. */
    async insertModuleCompletion(
      tx: Tx,
      values: { userId: string; moduleId: string; courseId: string },
    ): Promise<boolean> {
      const rows = await tx
        .insert(moduleCompletions)
        .values(values)
        .onConflictDoNothing()
        .returning({ moduleId: moduleCompletions.moduleId });
      return rows.length > 0;
    },
    /** True only for the call that completed the course. */
    async markCourseCompleted(tx: Tx, userId: string, courseId: string): Promise<boolean> {
      const rows = await tx
        .update(courseProgress)
        .set({ completedAt: sql`now()` })
        .where(
          and(
            eq(courseProgress.userId, userId),
            eq(courseProgress.courseId, courseId),
            isNull(courseProgress.completedAt),
          ),
        )
        .returning({ courseId: courseProgress.courseId });
      return rows.length > 0;
    },
  };
}

/** The course's counts recounted, the learners still on it, quiz attempts stored. */
export function createCourseRecounts(db: Db) {
  return {
    /** The learners who started the course and have not completed it. */
    async listLearnersStillOn(courseId: string): Promise<string[]> {
      const rows = await db
        .select({ userId: courseProgress.userId })
        .from(courseProgress)
        .where(and(eq(courseProgress.courseId, courseId), isNull(courseProgress.completedAt)));
      return rows.map((row) => row.userId);
    },
    /**
     * Recounts completed lessons of the course (lessons that still exist) and, for a learner's own step
     * (`lastLessonId`), stamps the activity; a recount after the course itself changed stamps nothing.
     */
    async refreshCourseProgress(tx: Tx, userId: string, courseId: string, lastLessonId: string | null) {
      const done = sql<number>`(select count(*)::int from ${lessonProgress}
        where ${lessonProgress.userId} = ${userId} and ${lessonProgress.courseId} = ${courseId}
        and ${lessonProgress.completedAt} is not null)`;
      const total = lessonCount(courseId);
      const [row] = await tx
        .update(courseProgress)
        .set({
          lessonsCompleted: done,
          lessonsTotal: total,
          percent: percentOf(done, total),
          ...(lastLessonId ? { lastLessonId, lastActivityAt: sql`now()` } : {}),
        })
        .where(and(eq(courseProgress.userId, userId), eq(courseProgress.courseId, courseId)))
        .returning();
      if (!row) throw new Error('Course progress row missing');
      return toSummary(courseId, row, row.lessonsTotal);
    },

    async insertQuizAttempt(tx: Tx, values: typeof quizAttempts.$inferInsert): Promise<QuizAttemptRow> {
      const [row] = await tx.insert(quizAttempts).values(values).returning();
      if (!row) throw new Error('Quiz attempt insert returned no row');
      return row;
    },
  };
}
