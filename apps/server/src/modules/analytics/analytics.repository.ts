import { and, desc, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courseProgress, courses, lessonProgress, lessons, quizAttempts } from '../../db/schema.ts';

/** Read-only questions about one learner's course activity; every query is scoped by the learner's id. */
export function createAnalyticsRepository({ db }: { db: Db }) {
  return {
    async courseCounts(userId: string): Promise<{ active: number; completed: number }> {
      const [row] = await db
        .select({
          active: sql<number>`count(*) filter (where ${courseProgress.completedAt} is null)::int`,
          completed: sql<number>`count(*) filter (where ${courseProgress.completedAt} is not null)::int`,
        })
        .from(courseProgress)
        .innerJoin(courses, eq(courses.id, courseProgress.courseId))
        .where(and(eq(courseProgress.userId, userId), eq(courses.status, 'published')));
      return { active: row?.active ?? 0, completed: row?.completed ?? 0 };
    },

    /** The course in progress the learner touched last. */
    async latestCourseInProgress(userId: string) {
      const [row] = await db
        .select({
          courseId: courseProgress.courseId,
          title: courses.title,
          percent: courseProgress.percent,
          lastLessonId: courseProgress.lastLessonId,
        })
        .from(courseProgress)
        .innerJoin(courses, eq(courses.id, courseProgress.courseId))
        .where(
          and(eq(courseProgress.userId, userId), isNull(courseProgress.completedAt), eq(courses.status, 'published')),
        )
        .orderBy(desc(courseProgress.lastActivityAt))
        .limit(1);
      return row ?? null;
    },

    /** The most recent quiz the learner tried since `since` and has not passed yet. */
    async latestUnpassedQuiz(userId: string, since: Date) {
      const [row] = await db
        .select({
          courseId: quizAttempts.courseId,
          lessonId: quizAttempts.lessonId,
          lessonTitle: lessons.title,
          score: quizAttempts.score,
          passMark: quizAttempts.passMark,
        })
        .from(quizAttempts)
        .innerJoin(lessons, eq(lessons.id, quizAttempts.lessonId))
        .innerJoin(courses, eq(courses.id, quizAttempts.courseId))
        .where(
          and(
            eq(quizAttempts.userId, userId),
            gte(quizAttempts.submittedAt, since),
            eq(courses.status, 'published'),
            sql`not exists (select 1 from ${quizAttempts} passed where passed.user_id = ${userId}
              and passed.lesson_id = ${quizAttempts.lessonId} and passed.passed)`,
          ),
        )
        .orderBy(desc(quizAttempts.submittedAt))
        .limit(1);
      return row ?? null;
    },

    async lessonsCompletedByDay(
      userId: string,
      { from, to, timeZone }: { from: Date; to: Date; timeZone: string },
    ): Promise<Map<string, number>> {
      const day = sql<string>`to_char(${lessonProgress.completedAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
      const rows = await db
        .select({ day, count: sql<number>`count(*)::int` })
        .from(lessonProgress)
        .where(
          and(
            eq(lessonProgress.userId, userId),
            isNotNull(lessonProgress.completedAt),
            gte(lessonProgress.completedAt, from),
            lt(lessonProgress.completedAt, to),
          ),
        )
        // By position: the time zone is a parameter, so the grouped expression cannot be repeated.
        .groupBy(sql`1`);
      return new Map(rows.map((row) => [row.day, row.count]));
    },

    async courseStandings(userId: string) {
      return db
        .select({
          courseId: courseProgress.courseId,
          title: courses.title,
          percent: courseProgress.percent,
          completedAt: courseProgress.completedAt,
          lastActivityAt: courseProgress.lastActivityAt,
        })
        .from(courseProgress)
        .innerJoin(courses, eq(courses.id, courseProgress.courseId))
        .where(and(eq(courseProgress.userId, userId), eq(courses.status, 'published')))
        .orderBy(desc(courseProgress.lastActivityAt));
    },

    /** Per quiz tried in the range: best and last score, attempts, whether it was ever passed. */
    async quizResults(userId: string, { from, to }: { from: Date; to: Date }) {
      const rows = await db
        .select({
          courseId: quizAttempts.courseId,
          lessonId: quizAttempts.lessonId,
          lessonTitle: lessons.title,
          courseTitle: courses.title,
          bestScore: sql<number>`max(${quizAttempts.score})::int`,
          lastScore: sql<number>`(array_agg(${quizAttempts.score} order by ${quizAttempts.submittedAt} desc))[1]::int`,
          passMark: sql<number>`(array_agg(${quizAttempts.passMark} order by ${quizAttempts.submittedAt} desc))[1]::int`,
          passed: sql<boolean>`bool_or(${quizAttempts.passed})`,
          attempts: sql<number>`count(*)::int`,
          lastAttemptAt: sql<Date>`max(${quizAttempts.submittedAt})`,
        })
        .from(quizAttempts)
        .innerJoin(lessons, eq(lessons.id, quizAttempts.lessonId))
        .innerJoin(courses, eq(courses.id, quizAttempts.courseId))
        .where(
          and(eq(quizAttempts.userId, userId), gte(quizAttempts.submittedAt, from), lt(quizAttempts.submittedAt, to)),
        )
        .groupBy(quizAttempts.courseId, quizAttempts.lessonId, lessons.title, courses.title)
        .orderBy(sql`max(${quizAttempts.submittedAt}) desc`);
      return rows.map((row) => ({ ...row, lastAttemptAt: new Date(row.lastAttemptAt) }));
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
