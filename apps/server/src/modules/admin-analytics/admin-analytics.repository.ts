import type { CourseFunnel, DistributionBucket, EngagementDay, ScormPassRate } from '@portal/shared/admin-analytics';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * A range of UTC days (`from`..`to` inclusive), the same as half-open instants [start, end), and the course it is
 * narrowed to.
 */
export type AnalyticsScope = { from: string; to: string; start: Date; end: Date; courseId: string | null };

export const XP_BUCKETS: ReadonlyArray<readonly [number, number | null]> = [
  [0, 0],
  [1, 99],
  [100, 499],
  [500, 999],
  [1000, 4999],
  [5000, null],
];
export const STREAK_BUCKETS: ReadonlyArray<readonly [number, number | null]> = [
  [0, 0],
  [1, 2],
  [3, 6],
  [7, 13],
  [14, 29],
  [30, null],
];

type Row = Record<string, unknown>;

/** A user who is neither admin nor instructor: the people analytics is about. */
export const isLearner = (userId: SQL) =>
  sql`not exists (select 1 from user_roles staff where staff.user_id = ${userId} and staff.role in ('admin', 'instructor'))`;

/** A learner who opened the course, when the analytics are narrowed to one. */
export const inCourse = (userId: SQL, courseId: string | null) =>
  courseId === null
    ? sql`true`
    : sql`exists (select 1 from course_progress enrolled where enrolled.user_id = ${userId} and enrolled.course_id = ${courseId})`;

/** Counts of learners per bucket of `value`, every bucket present. */
function bucketCounts(value: SQL, buckets: ReadonlyArray<readonly [number, number | null]>): SQL {
  const columns = buckets.map(
    ([min, max], index) =>
      sql`count(*) filter (where ${value} >= ${min}${max === null ? sql`` : sql` and ${value} <= ${max}`})::int as ${sql.raw(`b${index}`)}`,
  );
  return sql.join(columns, sql`, `);
}

const toBuckets = (row: Row | undefined, buckets: ReadonlyArray<readonly [number, number | null]>) =>
  buckets.map(([min, max], index): DistributionBucket => ({ min, max, learners: Number(row?.[`b${index}`] ?? 0) }));

const rowsOf = async (db: Db, query: SQL): Promise<Row[]> =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/** A learner of the scope: neither staff nor, when narrowed to a course, outside it. */
const scopedLearner = (column: SQL, courseId: string | null) =>
  sql`${isLearner(column)} and ${inCourse(column, courseId)}`;

/** Each user's active UTC days: learning time, XP awards other than the daily login, and quiz submissions. */
const activityDays = ({ start, end }: AnalyticsScope) => sql`
      select h.user_id, date_trunc('day', h.hour at time zone 'UTC') as day from learning_time_hourly h
        where h.hour >= ${start} and h.hour < ${end} and h.seconds > 0
      union
      select x.user_id, date_trunc('day', x.created_at at time zone 'UTC') from user_xp x
        where x.created_at >= ${start} and x.created_at < ${end} and x.kind = 'award' and x.event_type <> 'daily_login'
      union
      select q.user_id, date_trunc('day', q.submitted_at at time zone 'UTC') from quiz_attempts q
        where q.submitted_at >= ${start} and q.submitted_at < ${end}`;

/** Lessons learners completed per UTC day, in the course when narrowed to one. */
const lessonCompletionsByDay = ({ start, end, courseId }: AnalyticsScope) => {
  const courseLessons = courseId === null ? sql`true` : sql`lp.course_id = ${courseId}`;
  return sql`
      select date_trunc('day', lp.completed_at at time zone 'UTC') as day, count(*)::int as lessons
        from lesson_progress lp
        where lp.completed_at >= ${start} and lp.completed_at < ${end} and ${courseLessons}
          and ${isLearner(sql`lp.user_id`)}
        group by 1`;
};

/** XP awarded per UTC day to the learners of the scope. */
const xpByDay = ({ start, end, courseId }: AnalyticsScope) => sql`
      select date_trunc('day', x.created_at at time zone 'UTC') as day, sum(x.xp)::int as xp
        from user_xp x
        where x.created_at >= ${start} and x.created_at < ${end} and x.kind = 'award' and ${scopedLearner(sql`x.user_id`, courseId)}
        group by 1`;

/** Per UTC day: distinct learners with learning activity, lessons completed and XP earned. */
async function engagement(db: Db, scope: AnalyticsScope): Promise<EngagementDay[]> {
  const { from, to, courseId } = scope;
  const found = await rowsOf(
    db,
    sql`
    with days as (
      select generate_series(${from}::date::timestamp, ${to}::date::timestamp, interval '1 day') as day
    ),
    activity as (${activityDays(scope)}),
    active as (
      select a.day, count(distinct a.user_id)::int as learners from activity a
        where ${scopedLearner(sql`a.user_id`, courseId)} group by a.day
    ),
    completions as (${lessonCompletionsByDay(scope)}),
    xp as (${xpByDay(scope)})
    select to_char(days.day, 'YYYY-MM-DD') as date,
      coalesce(active.learners, 0) as active_learners,
      coalesce(completions.lessons, 0) as lesson_completions,
      coalesce(xp.xp, 0) as xp
    from days
      left join active on active.day = days.day
      left join completions on completions.day = days.day
      left join xp on xp.day = days.day
    order by days.day`,
  );
  return found.map((row) => ({
    date: String(row.date),
    active_learners: Number(row.active_learners),
    lesson_completions: Number(row.lesson_completions),
    xp: Number(row.xp),
  }));
}

/** Learners who opened each course in the range, and how far they got since. */
async function funnels(db: Db, { start, end, courseId }: AnalyticsScope): Promise<CourseFunnel[]> {
  const found = await rowsOf(
    db,
    sql`
    select c.id::text as course_id, c.title,
      count(cp.user_id)::int as enrolled,
      count(cp.user_id) filter (where cp.lessons_completed > 0 or cp.completed_at is not null)::int as started,
      count(cp.user_id) filter (where cp.percent >= 50 or cp.completed_at is not null)::int as half,
      count(cp.user_id) filter (where cp.completed_at is not null)::int as completed
    from courses c
      left join course_progress cp on cp.course_id = c.id and cp.started_at >= ${start} and cp.started_at < ${end}
        and ${isLearner(sql`cp.user_id`)}
    where ${courseId === null ? sql`c.status = 'published' or cp.user_id is not null` : sql`c.id = ${courseId}`}
    group by c.id, c.title
    order by count(cp.user_id) desc, lower(c.title), c.id
    limit 200`,
  );
  return found.map((row) => ({
    course_id: String(row.course_id),
    title: String(row.title),
    enrolled: Number(row.enrolled),
    started: Number(row.started),
    half: Number(row.half),
    completed: Number(row.completed),
  }));
}

/** Attempts started in the range per package, with their results. */
async function scormPassRates(db: Db, { start, end, courseId }: AnalyticsScope): Promise<ScormPassRate[]> {
  const inCourseLessons =
    courseId === null
      ? sql`true`
      : sql`p.id in (select l.scorm_package_id from lessons l where l.course_id = ${courseId} and l.scorm_package_id is not null)`;
  const found = await rowsOf(
    db,
    sql`
    select p.id::text as package_id, p.title,
      count(a.id)::int as attempts,
      count(a.id) filter (where a.success_status = 'passed')::int as passed,
      count(a.id) filter (where a.success_status = 'failed')::int as failed
    from scorm_attempts a
      join scorm_scos s on s.id = a.sco_id
      join scorm_packages p on p.id = s.package_id
    where a.started_at >= ${start} and a.started_at < ${end} and ${inCourseLessons}
      and ${isLearner(sql`a.learner_id`)}
    group by p.id, p.title
    order by count(a.id) desc, lower(p.title), p.id
    limit 200`,
  );
  return found.map((row) => {
    const passed = Number(row.passed);
    const failed = Number(row.failed);
    return {
      package_id: String(row.package_id),
      title: String(row.title),
      attempts: Number(row.attempts),
      passed,
      failed,
      pass_rate: passed + failed === 0 ? null : Math.round((passed / (passed + failed)) * 1000) / 10,
    };
  });
}

/** Lifetime XP and the learning streak as it stands today (freezes that cover the gap keep it alive). */
async function distributions(db: Db, { courseId }: Pick<AnalyticsScope, 'courseId'>) {
  const streak = sql`case
    when st.current_length > 0 and st.last_counted_day is not null
      and ((now() at time zone st.time_zone)::date - st.last_counted_day - 1) <= st.freezes_held
    then st.current_length else 0 end`;
  const [row] = await rowsOf(
    db,
    sql`
    with learners as (
      select u.id from users u where ${isLearner(sql`u.id`)} and ${inCourse(sql`u.id`, courseId)}
    ),
    xp as (
      select coalesce(xa.total_xp, 0) as value from learners l left join xp_accounts xa on xa.user_id = l.id
    ),
    streak as (
      select coalesce(${streak}, 0) as value from learners l
        left join streaks st on st.user_id = l.id and st.streak_type = 'learning'
    )
    select
      (select row_to_json(x) from (select ${bucketCounts(sql`value`, XP_BUCKETS)} from xp) x) as xp,
      (select row_to_json(s) from (select ${bucketCounts(sql`value`, STREAK_BUCKETS)} from streak) s) as streak`,
  );
  const parse = (value: unknown): Row | undefined =>
    typeof value === 'string' ? (JSON.parse(value) as Row) : (value as Row | undefined);
  return {
    xp: toBuckets(parse(row?.xp), XP_BUCKETS),
    streak: toBuckets(parse(row?.streak), STREAK_BUCKETS),
  };
}

/** Aggregates over every learner for the admin analytics screen; no learner rows leave the database. */
export function createAdminAnalyticsRepository({ db }: { db: Db }) {
  return {
    async courses(): Promise<Array<{ id: string; title: string }>> {
      const found = await rowsOf(db, sql`select id::text, title from courses order by lower(title), id limit 1000`);
      return found.map((row) => ({ id: String(row.id), title: String(row.title) }));
    },

    async courseExists(courseId: string): Promise<boolean> {
      return (await rowsOf(db, sql`select 1 from courses where id = ${courseId}`)).length > 0;
    },

    engagement: (scope: AnalyticsScope) => engagement(db, scope),
    funnels: (scope: AnalyticsScope) => funnels(db, scope),
    scormPassRates: (scope: AnalyticsScope) => scormPassRates(db, scope),
    distributions: (scope: Pick<AnalyticsScope, 'courseId'>) => distributions(db, scope),
  };
}
export type AdminAnalyticsRepository = ReturnType<typeof createAdminAnalyticsRepository>;
