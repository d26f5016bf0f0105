import type { Tier } from '@portal/shared/tiers';
import { desc, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/** The instants a report compares: the period [start, now) and the one of the same length before it. */
export type Periods = { now: Date; start: Date; previousStart: Date };

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/** The UTC calendar day of an instant, as a SQL date. */
const utcDay = (instant: Date) => sql`${instant.toISOString().slice(0, 10)}::date`;

/**
 * A learner is active on a UTC day when they showed any sign of using the product that day: learning time, XP earned
 * (the daily visit included), a session started or refreshed, a lesson or SCORM attempt touched. Triggers on those
 * sources note each (user, day) in learner_active_days and keep learner_activity_by_day's counts, so the figures
 * below read a few rows. Admins and instructors are not learners: the counts include them and they are taken off here.
 */
const STAFF = sql`select distinct user_id from user_roles where role in ('admin', 'instructor')`;

const DAY_MS = 86_400_000;
const daysBefore = (instant: Date, days: number) => new Date(instant.getTime() - days * DAY_MS);

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

const rows = async <Row>(db: Db, query: SQL): Promise<Row[]> =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/**
 * Distinct learners of the `days` UTC days ending on the (past) day of `end`: counted once, then kept on that day's
 * row until activity is recorded on or before it (the triggers clear it).
 */
async function windowLearners(db: Db, end: Date, days: 7 | 30): Promise<number> {
  const last = utcDay(end);
  const [row] = await rows<{ learners: number }>(
    db,
    sql`
    select count(distinct active.user_id)::int as learners from learner_active_days active
    where active.day > ${last} - ${days}::int and active.day <= ${last}
      and active.user_id not in (${STAFF})`,
  );
  const learners = row?.learners ?? 0;
  const column = sql.identifier(days === 7 ? 'learners_7d' : 'learners_30d');
  await db.execute(sql`
    insert into learner_activity_by_day (day, ${column}) values (${last}, ${learners})
    on conflict (day) do update set ${column} = excluded.${column}`);
  return learners;
}

async function periodCounts(db: Db, { now, start, previousStart }: Periods): Promise<PeriodCounts> {
  const inPeriod = (column: string) => sql`${sql.identifier(column)} >= ${at(start)}`;
  const [row] = await rows<PeriodCounts>(
    db,
    sql`
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
    select * from signups, lessons, courses, scorm, xp`,
  );
  if (!row) throw new Error('the period counts returned no row');
  return row;
}

/**
 * Distinct active learners over the last 1, 7 and 30 UTC days up to the day of `now` (today counts as one), and
 * over the same number of days before each.
 */
async function activeLearners(db: Db, now: Date): Promise<ActiveLearnerCounts> {
  const today = utcDay(now);
  const [row] = await rows<Omit<ActiveLearnerCounts, 'week_before' | 'month_before'> & Record<string, number | null>>(
    db,
    sql`
    with staff as (${STAFF}),
    staff_latest as (
      select (
        select max(active.day) from learner_active_days active where active.user_id = staff.user_id
      ) as day from staff
    ),
    learners_on as (
      select counts.day, counts.learners - (
        select count(*) from staff where exists (
          select 1 from learner_active_days active where active.user_id = staff.user_id and active.day = counts.day
        )
      ) as learners
      from learner_activity_by_day counts where counts.day in (${today}, ${today} - 1)
    ),
    active_since as (
      select since, (
        select coalesce(sum(counts.last_active), 0) from learner_activity_by_day counts where counts.day >= since
      ) - (select count(*) from staff_latest where staff_latest.day >= since) as learners
      from (values (${today} - 6), (${today} - 29)) windows (since)
    )
    select
      coalesce((select learners from learners_on where day = ${today}), 0)::int as day,
      coalesce((select learners from learners_on where day = ${today} - 1), 0)::int as day_before,
      (select learners from active_since where since = ${today} - 6)::int as week,
      (select learners from active_since where since = ${today} - 29)::int as month,
      (select learners_7d from learner_activity_by_day where day = ${today} - 7) as week_before,
      (select learners_30d from learner_activity_by_day where day = ${today} - 30) as month_before`,
  );
  if (!row) throw new Error('the active learner counts returned no row');
  return {
    day: row.day,
    day_before: row.day_before,
    week: row.week,
    month: row.month,
    week_before: row.week_before ?? (await windowLearners(db, daysBefore(now, 7), 7)),
    month_before: row.month_before ?? (await windowLearners(db, daysBefore(now, 30), 30)),
  };
}

/** Distinct active learners per UTC day, from the day `from` falls on to the day of `now`; days without any are left out. */
async function dailyActiveLearners(db: Db, from: Date, now: Date): Promise<{ day: string; learners: number }[]> {
  const range = sql`between ${utcDay(from)} and ${utcDay(now)}`;
  return rows(
    db,
    sql`
    with staff as (${STAFF}),
    staff_days as (
      select active.day, count(*) as staff from staff
      cross join lateral (
        select day from learner_active_days active where active.user_id = staff.user_id and active.day ${range}
      ) active
      group by active.day
    )
    select to_char(counts.day, 'YYYY-MM-DD') as day, (counts.learners - coalesce(staff_days.staff, 0))::int as learners
    from learner_activity_by_day counts left join staff_days using (day)
    where counts.day ${range} and counts.learners - coalesce(staff_days.staff, 0) > 0
    order by counts.day`,
  );
}

/** Per tier in force now: plans, and plans started in each period. */
async function subscriptionsByTier(db: Db, { now, start, previousStart }: Periods) {
  return rows<{ tier: Tier; active: number; started: number; started_before: number }>(
    db,
    sql`
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
    group by 1`,
  );
}

/** Outbox emails of the day before `now`: not yet delivered, failed, and when the last one went out. */
async function mailStats(db: Db, now: Date) {
  const [row] = await rows<{ pending: number; failed: number; last_sent_at: string | null }>(
    db,
    sql`
    select
      (select count(*) from mail_outbox where channel = 'email' and sent_at is null and error is null
        and created_at >= ${at(now)} - interval '1 day')::int as pending,
      (select count(*) from mail_outbox where channel = 'email' and sent_at is null and error is not null
        and created_at >= ${at(now)} - interval '1 day')::int as failed,
      (select to_char(max(sent_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from mail_outbox) as last_sent_at`,
  );
  return row ?? { pending: 0, failed: 0, last_sent_at: null };
}

/** Figures for the admin home, each one aggregate statement; no rows are brought into the process to be counted. */
export function createAdminOverviewRepository({ db }: { db: Db }) {
  return {
    periodCounts: (periods: Periods) => periodCounts(db, periods),
    activeLearners: (now: Date) => activeLearners(db, now),
    dailyActiveLearners: (from: Date, now: Date) => dailyActiveLearners(db, from, now),
    subscriptionsByTier: (periods: Periods) => subscriptionsByTier(db, periods),

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

    mailStats: (now: Date) => mailStats(db, now),
  };
}
export type AdminOverviewRepository = ReturnType<typeof createAdminOverviewRepository>;
