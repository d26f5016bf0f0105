import { AT_RISK_FAILURES, type AtRiskReason } from '@portal/shared/admin-analytics';
import { GOAL_DUE_SOON_DAYS } from '@portal/shared/goals';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { inCourse, isLearner } from './admin-analytics.repository.ts';

type Row = Record<string, unknown>;

/** Where the previous page ended: the sort instant and the learner id of its last row. */
export type AtRiskCursor = { sortAt: string; userId: string };

export type AtRiskRow = {
  userId: string;
  name: string;
  email: string;
  reasons: AtRiskReason[];
  lastActivityAt: string | null;
  lastNudgedAt: string | null;
  sortAt: string;
};

/** An admin suspended the account: it is nobody's to nudge. */
const isSuspended = (userId: SQL) =>
  sql`exists (select 1 from account_states a where a.user_id = ${userId} and a.suspended_at is not null)`;

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

type PageQuery = {
  now: Date;
  inactiveDays: number;
  courseId: string | null;
  after: AtRiskCursor | null;
  limit: number;
};

/** Learners in scope (not staff, not suspended, in the course if one is chosen) and when each was last active. */
const learnersAndActivity = (courseId: string | null) => sql`
    learners as (
      select u.id, u.name, u.email, u.created_at, coalesce(p.timezone, 'UTC') as tz
      from users u left join profiles p on p.id = u.id
      where ${isLearner(sql`u.id`)} and ${inCourse(sql`u.id`, courseId)} and not ${isSuspended(sql`u.id`)}
    ),
    last_activity as (
      select l.id, greatest(
        -- Every lesson activity stamps its course's row too, whose index answers this at once.
        (select max(cp.last_activity_at) from course_progress cp where cp.user_id = l.id),
        (select max(h.hour) from learning_time_hourly h where h.user_id = l.id and h.seconds > 0),
        (select max(x.created_at) from user_xp x
          where x.user_id = l.id and x.kind = 'award' and x.event_type <> 'daily_login'),
        (select max(q.submitted_at) from quiz_attempts q where q.user_id = l.id),
        (select max(a.updated_at) from scorm_attempts a where a.learner_id = l.id)
      ) as at
      from learners l
    )`;

/** Active goals with a target date that the learner is behind on. */
const goalsBehind = (now: Date) => sql`
    goal_progress as (
      select g.user_id, g.id, g.title, g.due_date, g.created_at,
        ((g.due_date + 1)::timestamp at time zone l.tz) as deadline,
        case g.kind
          when 'course_by_date' then least(100, greatest(0, coalesce(cp.percent, 0)))
          else (select case when count(*) = 0 then 0 else floor(100.0 * count(i.done_at) / count(*)) end
                from goal_checklist_items i where i.goal_id = g.id)
        end::int as percent
      from goals g
        join learners l on l.id = g.user_id
        left join course_progress cp on cp.user_id = g.user_id and cp.course_id = g.course_id
      where g.status = 'active' and g.due_date is not null
    ),
    goals_behind as (
      select user_id, jsonb_agg(jsonb_build_object('code', 'goal_behind', 'goal_id', id::text, 'goal_title', title,
        'due_date', to_char(due_date, 'YYYY-MM-DD'), 'percent', percent) order by due_date, id) as reasons
      from goal_progress
      where percent < 100 and deadline - ${now}::timestamptz <= ${`${GOAL_DUE_SOON_DAYS} days`}::interval
        and (deadline <= ${now}::timestamptz or percent < least(100, 100 * extract(epoch from ${now}::timestamptz - created_at)
          / nullif(extract(epoch from deadline - created_at), 0)) or deadline <= created_at)
      group by user_id
    )`;

/** The same quiz or SCO failed `AT_RISK_FAILURES` times and never passed. */
const failedRepeatedly = () => sql`
    quizzes_failed as (
      select f.user_id, jsonb_agg(jsonb_build_object('code', 'quiz_failed', 'lesson_id', f.lesson_id::text,
        'lesson_title', le.title, 'course_title', c.title, 'failures', f.failures) order by le.title, f.lesson_id) as reasons
      from (
        select q.user_id, q.lesson_id, count(*)::int as failures from quiz_attempts q
          join learners l on l.id = q.user_id
          group by q.user_id, q.lesson_id
          having count(*) filter (where not q.passed) >= ${AT_RISK_FAILURES} and not bool_or(q.passed)
      ) f join lessons le on le.id = f.lesson_id join courses c on c.id = le.course_id
      group by f.user_id
    ),
    scos_failed as (
      select f.learner_id as user_id, jsonb_agg(jsonb_build_object('code', 'scorm_failed', 'package_id', p.id::text,
        'package_title', p.title, 'sco_title', s.title, 'failures', f.failures) order by p.title, s.position) as reasons
      from (
        select a.learner_id, a.sco_id, count(*) filter (where a.success_status = 'failed')::int as failures
          from scorm_attempts a join learners l on l.id = a.learner_id
          group by a.learner_id, a.sco_id
          having count(*) filter (where a.success_status = 'failed') >= ${AT_RISK_FAILURES}
            and not bool_or(a.success_status = 'passed')
      ) f join scorm_scos s on s.id = f.sco_id join scorm_packages p on p.id = s.package_id
      group by f.learner_id
    )`;

/** Each learner's idle days and reasons, before the thresholds pick who is at risk. */
const flaggedLearners = (now: Date) => sql`
    flagged as (
      select l.id, l.name, l.email, la.at as last_activity,
        coalesce(la.at, l.created_at) as sort_at,
        floor(extract(epoch from ${now}::timestamptz - coalesce(la.at, l.created_at)) / 86400)::int as idle_days,
        gb.reasons as goals, qf.reasons as quizzes, sf.reasons as scos
      from learners l
        join last_activity la on la.id = l.id
        left join goals_behind gb on gb.user_id = l.id
        left join quizzes_failed qf on qf.user_id = l.id
        left join scos_failed sf on sf.user_id = l.id
    )`;

/**
 * At-risk learners, found and explained in one query: idle for `inactiveDays`, behind an active goal with a target
 * date, or failing the same quiz or SCO twice without passing it. Most idle first.
 */
function atRiskSql({ now, inactiveDays, courseId, after, limit }: PageQuery) {
  return sql`
    with ${learnersAndActivity(courseId)}, ${goalsBehind(now)}, ${failedRepeatedly()}, ${flaggedLearners(now)}
    select f.id, f.name, f.email, ${iso(sql`f.last_activity`)} as last_activity_at, ${iso(sql`f.sort_at`)} as sort_at,
      ${iso(sql`(select max(n.created_at) from learner_nudges n where n.user_id = f.id)`)} as last_nudged_at,
      (case when f.idle_days >= ${inactiveDays}
         then jsonb_build_array(jsonb_build_object('code', 'inactive', 'days', f.idle_days)) else '[]'::jsonb end)
        || coalesce(f.goals, '[]'::jsonb) || coalesce(f.quizzes, '[]'::jsonb) || coalesce(f.scos, '[]'::jsonb)
        as reasons
    from flagged f
    where (f.idle_days >= ${inactiveDays} or f.goals is not null or f.quizzes is not null or f.scos is not null)
      ${after ? sql`and (date_trunc('milliseconds', f.sort_at), f.id) > (${after.sortAt}::timestamptz, ${after.userId})` : sql``}
    order by date_trunc('milliseconds', f.sort_at), f.id
    limit ${limit}`;
}

function toAtRiskRow(row: Row): AtRiskRow {
  return {
    userId: String(row.id),
    name: String(row.name),
    email: String(row.email),
    reasons: (typeof row.reasons === 'string' ? JSON.parse(row.reasons) : row.reasons) as AtRiskReason[],
    lastActivityAt: row.last_activity_at === null ? null : String(row.last_activity_at),
    lastNudgedAt: row.last_nudged_at === null ? null : String(row.last_nudged_at),
    sortAt: String(row.sort_at),
  };
}

const rowsOf = async (executor: Db, query: SQL): Promise<Row[]> =>
  ((await executor.execute(query)) as unknown as { rows: Row[] }).rows;

/** The learner to nudge: name, address, phone, language and suspension; null for unknown users and staff. */
async function nudgeTarget(db: Db, userId: string) {
  const [row] = await rowsOf(
    db,
    sql`
    select u.id, u.name, u.email, u.phone_number, p.primary_language, ${isSuspended(sql`u.id`)} as suspended
    from users u left join profiles p on p.id = u.id
    where u.id = ${userId} and ${isLearner(sql`u.id`)}`,
  );
  if (!row) return null;
  return {
    id: String(row.id),
    name: String(row.name),
    email: String(row.email),
    phoneNumber: row.phone_number === null ? null : String(row.phone_number),
    primaryLanguage: row.primary_language === null ? null : String(row.primary_language),
    suspended: row.suspended === true,
  };
}

/**
 * Records a nudge unless one was sent within `cooldownHours`; answers the time it was recorded, or the time the
 * next one is allowed. One nudge per learner at a time: concurrent requests wait for each other.
 */
function recordNudge(
  db: Db,
  { userId, sentBy, now, cooldownHours }: { userId: string; sentBy: string; now: Date; cooldownHours: number },
): Promise<{ sentAt: Date } | { retryAt: Date }> {
  return db.transaction(async (tx) => {
    const executor = tx as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`learner-nudge:${userId}`}))`);
    const [last] = await rowsOf(
      executor,
      sql`select ${iso(sql`max(created_at)`)} as at from learner_nudges where user_id = ${userId}`,
    );
    if (last?.at) {
      const retryAt = new Date(Date.parse(String(last.at)) + cooldownHours * 3_600_000);
      if (retryAt > now) return { retryAt };
    }
    await tx.execute(
      sql`insert into learner_nudges (user_id, sent_by, created_at) values (${userId}, ${sentBy}, ${now})`,
    );
    return { sentAt: now };
  });
}

export function createAtRiskRepository({ db }: { db: Db }) {
  return {
    async page(query: PageQuery): Promise<AtRiskRow[]> {
      return (await rowsOf(db, atRiskSql(query))).map(toAtRiskRow);
    },
    nudgeTarget: (userId: string) => nudgeTarget(db, userId),
    recordNudge: (input: Parameters<typeof recordNudge>[1]) => recordNudge(db, input),
  };
}
export type AtRiskRepository = ReturnType<typeof createAtRiskRepository>;
