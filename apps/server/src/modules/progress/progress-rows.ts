import type { CourseProgressSummary } from '@portal/shared/course-catalogue';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { lessons } from '../../db/schema.ts';
import { jsonDate } from '../../read-together.ts';
import type { courseProgress, lessonProgress, quizAttempts } from './progress.table.ts';

export type LessonProgressRow = typeof lessonProgress.$inferSelect;
export type CourseProgressRow = typeof courseProgress.$inferSelect;
export type QuizAttemptRow = typeof quizAttempts.$inferSelect;

export function toSummary(
  courseId: string,
  row: Pick<
    CourseProgressRow,
    'lessonsCompleted' | 'startedAt' | 'completedAt' | 'lastActivityAt' | 'lastLessonId'
  > | null,
  lessonsTotal: number,
): CourseProgressSummary {
  const done = Math.min(row?.lessonsCompleted ?? 0, lessonsTotal);
  return {
    course_id: courseId,
    status: !row ? 'not_started' : row.completedAt ? 'completed' : 'in_progress',
    percent: lessonsTotal > 0 ? Math.floor((done * 100) / lessonsTotal) : 0,
    lessons_completed: done,
    lessons_total: lessonsTotal,
    started_at: row?.startedAt.toISOString() ?? null,
    completed_at: row?.completedAt?.toISOString() ?? null,
    last_activity_at: row?.lastActivityAt.toISOString() ?? null,
    last_lesson_id: row?.lastLessonId ?? null,
  };
}

type Stamp = string;
export type LessonProgressJson = Omit<
  LessonProgressRow,
  'firstOpenedAt' | 'lastActivityAt' | 'lastReportAt' | 'completedAt' | 'createdAt' | 'updatedAt'
> & {
  firstOpenedAt: Stamp | null;
  lastActivityAt: Stamp;
  lastReportAt: Stamp | null;
  completedAt: Stamp | null;
  createdAt: Stamp;
  updatedAt: Stamp;
  /** The row's version, where it was asked for. */
  version?: string;
};
export type CourseStandingJson = { lessonsCompleted: number; lessonsTotal: number; lastLessonId: string | null } & {
  startedAt: Stamp;
  lastActivityAt: Stamp;
  completedAt: Stamp | null;
};

export const lessonProgressFromJson = ({ version: _version, ...row }: LessonProgressJson): LessonProgressRow => ({
  ...row,
  firstOpenedAt: jsonDate(row.firstOpenedAt),
  lastActivityAt: new Date(row.lastActivityAt),
  lastReportAt: jsonDate(row.lastReportAt),
  completedAt: jsonDate(row.completedAt),
  createdAt: new Date(row.createdAt),
  updatedAt: new Date(row.updatedAt),
});

/**
 * A lesson progress row of the table or set named `alias` as json with the row's own field names, plus its version
 * (the row's `xmin`: it changes with every update) when `alias` is the table itself.
 */
export const lessonProgressJson = (alias: string, withVersion = false) => {
  const p = sql.identifier(alias);
  return sql`json_build_object('userId', ${p}.user_id, 'lessonId', ${p}.lesson_id,
    'courseId', ${p}.course_id, 'status', ${p}.status, 'position', ${p}.position, 'watchedRanges', ${p}.watched_ranges,
    'watchedSeconds', ${p}.watched_seconds, 'maxPage', ${p}.max_page, 'timeSpentSeconds', ${p}.time_spent_seconds,
    'firstOpenedAt', ${p}.first_opened_at, 'lastActivityAt', ${p}.last_activity_at,
    'lastReportAt', ${p}.last_report_at, 'completedAt', ${p}.completed_at, 'bestScore', ${p}.best_score,
    'attempts', ${p}.attempts, 'createdAt', ${p}.created_at, 'updatedAt', ${p}.updated_at${
      withVersion ? sql`, 'version', ${p}.xmin::text` : sql``
    })`;
};

/** A course progress row of `alias` as json: what a summary needs. */
export const courseStandingJson = (alias: string): SQL => {
  const c = sql.identifier(alias);
  return sql`json_build_object('lessonsCompleted', ${c}.lessons_completed, 'lastLessonId', ${c}.last_lesson_id,
    'startedAt', ${c}.started_at, 'lastActivityAt', ${c}.last_activity_at, 'completedAt', ${c}.completed_at,
    'lessonsTotal', ${c}.lessons_total)`;
};

export const summaryFromJson = (courseId: string, standing: CourseStandingJson | null, lessonsTotal: number) =>
  toSummary(
    courseId,
    standing && {
      ...standing,
      startedAt: new Date(standing.startedAt),
      lastActivityAt: new Date(standing.lastActivityAt),
      completedAt: jsonDate(standing.completedAt),
    },
    lessonsTotal,
  );

/** How many lessons the course (an id, or a column naming one) has now. */
export const lessonCount = (courseId: SQLWrapper | string) =>
  sql<number>`(select count(*)::int from ${lessons} where ${lessons.courseId} = ${courseId})`;

/** Whole percent of `total` lessons that `done` completed (never above 100). */
export const percentOf = (done: SQLWrapper, total: SQLWrapper) =>
  sql<number>`case when ${total} = 0 then 0 else floor(least(${done}, ${total}) * 100.0 / ${total})::int end`;
