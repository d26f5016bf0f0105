import type { CourseProgressSummary } from '@portal/shared/course-catalogue';
import { and, desc, eq, getTableColumns, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { BuiltOnce } from '../../db/built-once.ts';
import type { Db } from '../../db/client.ts';
import { courses } from '../../db/schema.ts';
import { readPart, readTogether } from '../../read-together.ts';
import { courseProgress, lessonProgress, moduleCompletions, quizAttempts } from './progress.table.ts';
import type { LearnerRows } from './progress-kept-rows.ts';
import {
  type ActivityValues,
  activitySet,
  type ReportAtOnce,
  saveReportsAtOnce,
  timeSpentAfterGap,
} from './progress-reports-at-once.ts';
import {
  type CourseStandingJson,
  courseStandingJson,
  type LessonProgressJson,
  type LessonProgressRow,
  lessonCount,
  lessonProgressFromJson,
  lessonProgressJson,
  percentOf,
  type QuizAttemptRow,
  summaryFromJson,
  toSummary,
} from './progress-rows.ts';

export type { LessonProgressRow, QuizAttemptRow } from './progress-rows.ts';
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

/** Namespace of the advisory locks that serialise one learner's progress changes in one course. */
const PROGRESS_LOCK_NAMESPACE = 0x70726f;

export function createProgressRepository({ db }: { db: Db }) {
  const reportStatements = new BuiltOnce();
  return {
    /**
     * One learner's rows of one course in one statement: their lesson progress, the modules recorded complete, and
     * the course summary.
     */
    async readLearnerCourse(userId: string, courseId: string): Promise<LearnerRows> {
      const { course } = await readTogether(db, {
        course: readPart(
          sql`select json_build_object(
            'rows', (select coalesce(json_agg(${lessonProgressJson('p', true)}), '[]'::json)
              from ${lessonProgress} p where p.user_id = ${userId} and p.course_id = ${courseId}),
            'modules', (select coalesce(json_agg(m.module_id), '[]'::json)
              from ${moduleCompletions} m where m.user_id = ${userId} and m.course_id = ${courseId}),
            'standing', (select ${courseStandingJson('c')}
              from ${courseProgress} c where c.user_id = ${userId} and c.course_id = ${courseId}),
            'lessonsTotal', ${lessonCount(courseId)})`,
          (value) =>
            value as {
              rows: LessonProgressJson[];
              modules: string[];
              standing: CourseStandingJson | null;
              lessonsTotal: number;
            },
        ),
      });
      return {
        progressRows: course.rows.map(lessonProgressFromJson),
        /** Each row's version as read, for a change that may go ahead only if the row is still the same. */
        versions: new Map(course.rows.map((row) => [row.lessonId, row.version ?? ''])),
        recorded: new Set(course.modules),
        summary: summaryFromJson(courseId, course.standing, course.lessonsTotal),
      };
    },

    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },
    async lockLearnerCourse(tx: Tx, userId: string, courseId: string) {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${PROGRESS_LOCK_NAMESPACE}, hashtext(${`${userId}:${courseId}`}))`,
      );
    },

    /**
     * Progress of one learner in courses: every started course, or exactly `courseIds` (not started ones included).
     * Cheap: reads the per-course rows and counts lessons per course.
     */
    async courseProgressFor(userId: string, courseIds?: readonly string[]): Promise<CourseProgressSummary[]> {
      if (courseIds && courseIds.length === 0) return [];
      const total = lessonCount(courses.id);
      const rows = await db
        .select({ courseId: courses.id, progress: courseProgress, total })
        .from(courses)
        [courseIds ? 'leftJoin' : 'innerJoin'](
          courseProgress,
          and(eq(courseProgress.courseId, courses.id), eq(courseProgress.userId, userId)),
        )
        .where(courseIds ? inArray(courses.id, [...courseIds]) : undefined)
        .orderBy(desc(courseProgress.lastActivityAt));
      return rows.map((row) => toSummary(row.courseId, row.progress, row.total));
    },

    async findCourseProgress(userId: string, courseId: string, executor: Executor = db) {
      const [row] = await executor
        .select()
        .from(courseProgress)
        .where(and(eq(courseProgress.userId, userId), eq(courseProgress.courseId, courseId)));
      return row;
    },
    async listLessonProgress(userId: string, courseId: string, executor: Executor = db): Promise<LessonProgressRow[]> {
      return executor
        .select()
        .from(lessonProgress)
        .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.courseId, courseId)));
    },
    async listModuleCompletions(userId: string, courseId: string, executor: Executor = db): Promise<Set<string>> {
      const rows = await executor
        .select({ moduleId: moduleCompletions.moduleId })
        .from(moduleCompletions)
        .where(and(eq(moduleCompletions.userId, userId), eq(moduleCompletions.courseId, courseId)));
      return new Set(rows.map((row) => row.moduleId));
    },

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
    async latestQuizAttempt(userId: string, lessonId: string): Promise<QuizAttemptRow | undefined> {
      const [row] = await db
        .select()
        .from(quizAttempts)
        .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.lessonId, lessonId)))
        .orderBy(desc(quizAttempts.submittedAt))
        .limit(1);
      return row;
    },
  };
}
export type ProgressRepository = ReturnType<typeof createProgressRepository>;
