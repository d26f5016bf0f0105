import { ACTIVITY_GAP_CAP_SECONDS } from '@portal/shared/progress';
import { type SQL, sql } from 'drizzle-orm';
import type { BuiltOnce } from '../../db/built-once.ts';
import type { Db } from '../../db/client.ts';
import { jsonRows, rowValues, setFromRows } from '../../db/json-rows.ts';
import { genericPlan } from '../../db/preparing-client.ts';
import { courseProgress, lessonProgress } from './progress.table.ts';
import {
  type CourseStandingJson,
  courseStandingJson,
  type LessonProgressJson,
  type LessonProgressRow,
  lessonCount,
  lessonProgressFromJson,
  lessonProgressJson,
  percentOf,
  summaryFromJson,
} from './progress-rows.ts';

/** The most reports one statement saves (`saveReportsAtOnce`). */
export const REPORTS_PER_STATEMENT = 32;

/** Time spent grows by the gap since the previous activity; a longer gap is a pause and adds nothing. */
export const timeSpentAfterGap = sql`${lessonProgress.timeSpentSeconds} + case
  when extract(epoch from (now() - ${lessonProgress.lastActivityAt})) between 0 and ${ACTIVITY_GAP_CAP_SECONDS}
  then round(extract(epoch from (now() - ${lessonProgress.lastActivityAt})))::int else 0 end`;

export type ActivityValues = Partial<
  Pick<LessonProgressRow, 'position' | 'watchedRanges' | 'watchedSeconds' | 'maxPage' | 'bestScore' | 'attempts'>
> & {
  /** A report (not a quiz): restarts the wall-time budget of the next video report. */
  reported?: boolean;
};

/** What an activity changes: its values, the time since the previous activity when it was not a pause, the stamps. */
export const activitySet = ({ reported, ...rest }: ActivityValues) => ({
  ...rest,
  timeSpentSeconds: timeSpentAfterGap,
  lastActivityAt: sql`now()`,
  ...(reported ? { lastReportAt: sql`now()` } : {}),
  updatedAt: sql`now()`,
});

type WrittenColumn = Exclude<keyof ActivityValues, 'reported'>;

/** One report to save at once (`saveReportsAtOnce`): whose, which lesson, the row's version read, what it writes. */
export type ReportAtOnce = {
  key: { userId: string; lessonId: string; courseId: string };
  before: { version: string; timeSpentSeconds: number };
  values: ActivityValues;
};

/** The columns a report writes, in a fixed order: with `reported`, its statement's shape. */
const writtenColumns = (values: ActivityValues) => {
  const { reported: _reported, ...written } = values;
  return (Object.keys(written) as WrittenColumn[]).filter((key) => written[key] !== undefined).sort();
};

/** What makes reports' statement differ: the columns they write and whether they are reports (see `activitySet`). */
export const reportShape = (values: ActivityValues) =>
  `${writtenColumns(values).join(',')}${values.reported ? ' reported' : ''}`;

/**
 * `saveReportsAtOnce`'s statement for reports writing `columns`. The reports arrive as one json array (`reports`), a
 * row each with its position (`ord`), so one statement, built and prepared once, saves any number of them: each
 * lesson row saved if it is still the version read (its new version returned, so the learner's next report can go
 * ahead against it without reading it again), the course's last lesson and activity, and the learning time each report
 * earned. Every step reaches its rows by their keys, report by report (at most `REPORTS_PER_STATEMENT` of them, which
 * the plan is made for), so a plan made without the values never scans a table.
 */
function reportsAtOnceStatement(columns: WrittenColumn[], reported: boolean, addTime: (gained: SQL) => SQL): SQL {
  const lp = lessonProgress;
  const written = columns.map((key) => lp[key]);
  const set = [
    sql`time_spent_seconds = ${timeSpentAfterGap}`,
    sql`last_activity_at = now()`,
    ...(reported ? [sql`last_report_at = now()`] : []),
    sql`updated_at = now()`,
    ...setFromRows('r', written),
  ];
  const total = lessonCount(sql`s.course_id`);
  const fixed = 'ord int, user_id text, lesson_id uuid, course_id uuid, version text, time_before int';
  return genericPlan(sql`with reports as (${jsonRows('reports', 'r', fixed, written, REPORTS_PER_STATEMENT)}),
    saved as (
      update ${lp} set ${sql.join(set, sql`, `)}
      from reports r
      where ${lp}.user_id = r.user_id and ${lp}.lesson_id = r.lesson_id and ${lp}.xmin::text = r.version
      returning ${lp}.*, ${lp}.xmin, r.ord, r.time_before
    ),
    counted as (select s.user_id, s.course_id, s.lesson_id, s.ord, ${total} as total from saved s),
    course as (
      update ${courseProgress} set lessons_total = s.total,
        percent = ${percentOf(courseProgress.lessonsCompleted, sql`s.total`)},
        last_lesson_id = s.lesson_id, last_activity_at = now()
      from counted s
      where ${courseProgress.userId} = s.user_id and ${courseProgress.courseId} = s.course_id
      returning ${courseProgress}.*, s.ord
    ),
    ${addTime(sql`select s.user_id, s.time_spent_seconds - s.time_before from saved s`)}
    select r.ord,
      (select ${lessonProgressJson('saved', true)} from saved where saved.ord = r.ord) as progress,
      (select ${courseStandingJson('course')} from course where course.ord = r.ord) as standing
    from reports r order by r.ord`);
}

/**
 * Saves reports that complete nothing in one statement (`reportsAtOnceStatement`), each if the learner's row is still
 * the version read before; see the repository's `saveReportsAtOnce`.
 */
export async function saveReportsAtOnce(
  db: Db,
  statements: BuiltOnce,
  reports: readonly ReportAtOnce[],
  addTime: (gained: SQL) => SQL,
) {
  const [first] = reports;
  if (!first) return [];
  const columns = writtenColumns(first.values);
  const rows = await statements.run<{
    ord: number;
    progress: LessonProgressJson | null;
    standing: CourseStandingJson | null;
  }>(db, reportShape(first.values), () => reportsAtOnceStatement(columns, first.values.reported === true, addTime), {
    reports: JSON.stringify(
      reports.map(({ key, before, values }, ord) => ({
        ord,
        user_id: key.userId,
        lesson_id: key.lessonId,
        course_id: key.courseId,
        version: before.version,
        time_before: before.timeSpentSeconds,
        ...rowValues(lessonProgress, columns, values),
      })),
    ),
  });
  const byOrd = new Map(rows.map((row) => [row.ord, row]));
  return reports.map(({ key }, ord) => {
    const row = byOrd.get(ord);
    if (!row?.progress || !row.standing) return undefined;
    return {
      progress: lessonProgressFromJson(row.progress),
      version: row.progress.version ?? '',
      summary: summaryFromJson(key.courseId, row.standing, row.standing.lessonsTotal),
    };
  });
}
