import type { Tier } from '@portal/shared/tiers';
import { desc, type SQL, sql } from 'drizzle-orm';
import type { Db } from '/work/main/apps/server/src/db/client.ts';
import { users } from '/work/main/apps/server/src/modules/auth/auth.table.ts';

/** The instants a report compares: the period [start, now) and the one of the same length before it. */
export type Periods = { now: Date; start: Date; previousStart: Date };

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/**
 * Every sign of a learner using the product since `since`: learning time, XP earned (the daily visit included),
 * sessions started or refreshed, lessons and SCORM attempts touched. Admins and instructors are not learners.
 */
const learnerActivity = (since: Date, until: Date) => sql`
  select activity.user_id, activity.at from (
    select user_id, hour as at from learning_time_hourly
      where hour > ${at(since)} - interval '1 hour' and hour < ${at(until)}
    union all
    select user_id, created_at from user_xp where kind = 'award' and created_at >= ${at(since)} and created_at < ${at(until)}
    union all
    select user_id, updated_at from sessions where updated_at >= ${at(since)} and updated_at < ${at(until)}
    union all
    select user_id, last_activity_at from lesson_progress
      where last_activity_at >= ${at(since)} and last_activity_at < ${at(until)}
    union all
    select learner_id, updated_at from scorm_attempts where updated_at >= ${at(since)} and updated_at < ${at(until)}
  ) activity
  where not exists (
    select 1 from user_roles staff where staff.user_id = activity.user_id and staff.role in ('admin', 'instructor')
  )`;

export type PeriodCounts = {
  users_now: number;
  users_before: number;
  signups: number;
  signups_before: number;
  lessons: number;
  lessons_before: number;
  courses: number;
  courses_before: number;
  scorm: number;
  scorm_before: number;
  scorm_passed: number;
  scorm_failed: number;
  scorm_passed_before: number;
  scorm_failed_before: number;
  xp: number;
  xp_before: number;
};

export type ActiveLearnerCounts = {
  day: number;
  day_before: number;
  week: number;
  week_before: number;
  month: number;
  month_before: number;
};

/** Figures for the admin home, each one aggregate statement; no rows are brought into the process to be counted. */
export function createAdminOverviewRepository({ db }: { db: Db }) {
  const rows = async <Row>(query: SQL): Promise<Row[]> =>
    ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

  return {
    async periodCounts({ now, start, previousStart }: Periods): Promise<PeriodCounts> {
      const inPeriod = (column: string) => sql`${sql.identifier(column)} >= ${at(start)}`;
      const [row] = await rows<PeriodCounts>(sql`
        with signups as (
          select count(*)::int as users_now,
            count(*) filter (where created_at < ${at(start)})::int as users_before,
            count(*) filter (where ${inPeriod('created_at')})::int as signups,
            count(*) filter (where created_at >= ${at(previousStart)} and created_at < ${at(start)})::int as signups_before
          from users where created_at < ${at(now)}
        ), lessons as (
          select count(*) filter (where ${inPeriod('completed_at')})::int as lessons,
            count(*) filter (where completed_at < ${at(start)})::int as lessons_before
          from lesson_progress where completed_at >= ${at(previousStart)} and completed_at < ${at(now)}
        ), courses as (
          select count(*) filter (where ${inPeriod('completed_at')})::int as courses,
            count(*) filter (where completed_at < ${at(start)})::int as courses_before
          from course_progress where completed_at >= ${at(previousStart)} and completed_at < ${at(now)}
        ), scorm as (
          select count(*) filter (where ${inPeriod('started_at')})::int as scorm,
            count(*) filter (where started_at < ${at(start)})::int as scorm_before,
            count(*) filter (where ${inPeriod('started_at')} and success_status = 'passed')::int as scorm_passed,
            count(*) filter (where ${inPeriod('started_at')} and success_status = 'failed')::int as scorm_failed,
            count(*) filter (where started_at < ${at(start)} and success_status = 'passed')::int as scorm_passed_before,
            count(*) filter (where started_at < ${at(start)} and success_status = 'failed')::int as scorm_failed_before
          from scorm_attempts where started_at >= ${at(previousStart)} and started_at < ${at(now)}
        ), xp as (
          select coalesce(sum(xp) filter (where ${inPeriod('created_at')}), 0)::float8 as xp,
            coalesce(sum(xp) filter (where created_at < ${at(start)}), 0)::float8 as xp_before
          from user_xp where kind = 'award' and created_at >= ${at(previousStart)} and created_at < ${at(now)}
        )
        select * from signups, lessons, courses, scorm, xp`);
      if (!row) throw new Error('the period counts returned no row');
      return row;
    },

    /** Distinct active learners in the last 1, 7 and 30 days before `now`, and in the window before each. */
    async activeLearners(now: Date): Promise<ActiveLearnerCounts> {
      const since = new Date(now.getTime() - 60 * 86_400_000);
      const daysBefore = (days: number) => sql`${at(now)} - make_interval(days => ${days}::int)`;
      const window = (fromDays: number, toDays: number) =>
        sql`at >= ${daysBefore(fromDays)} and at < ${daysBefore(toDays)}`;
      // One pass that marks each learner's windows, then plain counts: far cheaper than a distinct count per window.
      const [row] = await rows<ActiveLearnerCounts>(sql`
        select count(*) filter (where day)::int as day, count(*) filter (where day_before)::int as day_before,
          count(*) filter (where week)::int as week, count(*) filter (where week_before)::int as week_before,
          count(*) filter (where month)::int as month, count(*) filter (where month_before)::int as month_before
        from (
          select bool_or(${window(1, 0)}) as day, bool_or(${window(2, 1)}) as day_before,
            bool_or(${window(7, 0)}) as week, bool_or(${window(14, 7)}) as week_before,
            bool_or(${window(30, 0)}) as month, bool_or(${window(60, 30)}) as month_before
          from (${learnerActivity(since, now)}) learner_activity
          group by user_id
        ) learners`);
      if (!row) throw new Error('the active learner counts returned no row');
      return row;
    },

    /** Distinct active learners per UTC day, from the day `from` falls on to the day of `now`; days without any are left out. */
    async dailyActiveLearners(from: Date, now: Date): Promise<{ day: string; learners: number }[]> {
      return rows(sql`
        select to_char(day, 'YYYY-MM-DD') as day, count(*)::int as learners
        from (
          select date_trunc('day', at at time zone 'UTC') as day from (${learnerActivity(from, now)}) learner_activity
          group by 1, user_id
        ) learner_days
        group by 1 order by 1`);
    },

    /** Per tier in force now: plans, and plans started in each period. */
    async subscriptionsByTier({ now, start, previousStart }: Periods) {
      return rows<{ tier: Tier; active: number; started: number; started_before: number }>(sql`
        select case
            when tier = 'calm' or status = 'expired' then 'calm'
            when status in ('active', 'trialing', 'past_due') then tier
            when status = 'canceled' and current_period_end > ${at(now)} then tier
            else 'calm'
          end as tier,
          count(*)::int as active,
          count(*) filter (where created_at >= ${at(start)})::int as started,
          count(*) filter (where created_at >= ${at(previousStart)} and created_at < ${at(start)})::int as started_before
        from subscriptions where created_at < ${at(now)}
        group by 1`);
    },

    async recentSignups(limit: number) {
      return db
        .select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt })
        .from(users)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit);
    },

    /** One round trip to the database. */
    async ping() {
      await db.execute(sql`select 1`);
    },

    /** Outbox emails of the day before `now`: not yet delivered, failed, and when the last one went out. */
    async mailStats(now: Date) {
      const [row] = await rows<{ pending: number; failed: number; last_sent_at: string | null }>(sql`
        select
          (select count(*) from mail_outbox where channel = 'email' and sent_at is null and error is null
            and created_at >= ${at(now)} - interval '1 day')::int as pending,
          (select count(*) from mail_outbox where channel = 'email' and sent_at is null and error is not null
            and created_at >= ${at(now)} - interval '1 day')::int as failed,
          (select to_char(max(sent_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from mail_outbox) as last_sent_at`);
      return row ?? { pending: 0, failed: 0, last_sent_at: null };
    },
  };
}
export type AdminOverviewRepository = ReturnType<typeof createAdminOverviewRepository>;
