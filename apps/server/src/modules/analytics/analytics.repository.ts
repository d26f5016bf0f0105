import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courseProgress, courses, lessonProgress, lessons, quizAttempts } from '../../db/schema.ts';
import { dayTotalsPart, type ReadPart, readPart, readTogether } from '../../read-together.ts';

/** Per quiz: best and last score, the pass mark of the last attempt, attempts, whether it was ever passed. */
const QUIZ_RESULT_COLUMNS = {
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
};

/** The home's own parts, read together with those other features tell it. */
function createHomeParts(db: Db) {
  return {
    /** Reads the parts of the dashboard, its own and those other features tell it, in one statement. */
    readTogether: <Parts extends Record<string, ReadPart<unknown>>>(parts: Parts) => readTogether(db, parts),

    /** How many published courses the learner has going and has completed. */
    courseCountsPart(userId: string) {
      return readPart(
        sql`select json_build_object(
            'active', count(*) filter (where cp.completed_at is null),
            'completed', count(*) filter (where cp.completed_at is not null))
          from ${courseProgress} cp join ${courses} c on c.id = cp.course_id
          where cp.user_id = ${userId} and c.status = 'published'`,
        (value) => value as { active: number; completed: number },
      );
    },

    /** The course in progress the learner touched last. */
    latestCourseInProgressPart(userId: string) {
      return readPart(
        sql`select json_build_object('courseId', cp.course_id, 'title', c.title, 'percent', cp.percent,
            'lastLessonId', cp.last_lesson_id)
          from ${courseProgress} cp join ${courses} c on c.id = cp.course_id
          where cp.user_id = ${userId} and cp.completed_at is null and c.status = 'published'
          order by cp.last_activity_at desc limit 1`,
        (value) => value as { courseId: string; title: string; percent: number; lastLessonId: string | null } | null,
      );
    },

    /** The most recent quiz the learner tried since `since` and has not passed yet. */
    latestUnpassedQuizPart(userId: string, since: Date) {
      return readPart(
        sql`select json_build_object('courseId', q.course_id, 'lessonId', q.lesson_id, 'lessonTitle', l.title,
            'score', q.score, 'passMark', q.pass_mark)
          from ${quizAttempts} q
            join ${lessons} l on l.id = q.lesson_id
            join ${courses} c on c.id = q.course_id
          where q.user_id = ${userId} and q.submitted_at >= ${since.toISOString()} and c.status = 'published'
            and not exists (select 1 from ${quizAttempts} passed where passed.user_id = ${userId}
              and passed.lesson_id = q.lesson_id and passed.passed)
          order by q.submitted_at desc limit 1`,
        (value) =>
          value as { courseId: string; lessonId: string; lessonTitle: string; score: number; passMark: number } | null,
      );
    },
  };
}

/** What the learner did over a range: lessons per day, course standings, quiz results. */
function createRangeReads(db: Db) {
  return {
    /** Lessons completed per local day (`YYYY-MM-DD` in `timeZone`) between two instants. */
    lessonsCompletedByDayPart(userId: string, { from, to, timeZone }: { from: Date; to: Date; timeZone: string }) {
      return dayTotalsPart(sql`
        select to_char(p.completed_at at time zone ${timeZone}, 'YYYY-MM-DD') as day, count(*)::int as total
        from ${lessonProgress} p
        where p.user_id = ${userId} and p.completed_at >= ${from.toISOString()} and p.completed_at < ${to.toISOString()}
        group by 1`);
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
        .select(QUIZ_RESULT_COLUMNS)
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
/** Read-only questions about one learner's course activity; every query is scoped by the learner's id. */
export function createAnalyticsRepository({ db }: { db: Db }) {
  return { ...createHomeParts(db), ...createRangeReads(db) };
}
export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
