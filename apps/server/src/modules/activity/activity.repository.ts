import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dayTotalsPart, readPart } from '../../read-together.ts';
import { type LearningTimeSource, learningTimeHourly, learningTimeTotals } from './activity.table.ts';

const HOUR_MS = 3_600_000;

const startOfUtcHour = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/** Splits the span that ends at `endedAt` and lasts `seconds` into whole seconds per UTC hour. */
export function splitByHour(endedAt: Date, seconds: number): { hour: Date; seconds: number }[] {
  const parts: { hour: Date; seconds: number }[] = [];
  let end = endedAt.getTime();
  let left = Math.round(seconds) * 1000;
  while (left > 0) {
    const hourStart = Math.floor((end - 1) / HOUR_MS) * HOUR_MS;
    const take = Math.min(left, end - hourStart);
    parts.push({ hour: new Date(hourStart), seconds: Math.round(take / 1000) });
    left -= take;
    end = hourStart;
  }
  return parts.filter((part) => part.seconds > 0).reverse();
}

/**
 * Common table expressions that add spans of learning, given as rows (user_id, hour, seconds) with each learner's hour
 * at most once: the hours gain the span (an hour holds at most an hour of one kind of learning, however many tabs
 * report it) and each learner's lifetime total gains what their hours really gained after that cap. Every part reads
 * the rows as they were before the statement, so `time_before` is the hours' seconds ahead of these spans. Each step
 * reaches the tables by their keys, learner by learner, so a plan made without the values never scans them.
 */
function timeAddedSteps(source: LearningTimeSource, span: SQL) {
  return sql`time_span(user_id, hour, seconds) as (${span}),
    time_before as (
      select s.user_id, coalesce(sum(h.seconds), 0) as seconds from time_span s
      left join lateral (
        select h.seconds from ${learningTimeHourly} h
        where h.user_id = s.user_id and h.hour = s.hour and h.source = ${source}
      ) h on true
      group by s.user_id
    ),
    time_after as (
      insert into ${learningTimeHourly} (user_id, hour, source, seconds)
      select user_id, hour, ${source}, seconds from time_span
      on conflict (user_id, hour, source) do update
        set seconds = least(${learningTimeHourly}.seconds + excluded.seconds, 3600)
      returning user_id, seconds
    ),
    time_total as (
      insert into ${learningTimeTotals} (user_id, seconds)
      select a.user_id, a.seconds - b.seconds
      from (select user_id, sum(seconds) as seconds from time_after group by user_id) a
      join time_before b on b.user_id = a.user_id
      where a.seconds - b.seconds > 0
      on conflict (user_id) do update set seconds = ${learningTimeTotals}.seconds + excluded.seconds
    )`;
}

/** Learning time added: a span of one learner, or what many rows of a statement gained. */
function createLearningTimeWrites(db: Db) {
  return {
    /** Adds a span of learning that ended at `endedAt`, inside the caller's transaction when one is given. */
    async addTime(
      {
        userId,
        endedAt,
        seconds,
        source,
      }: { userId: string; endedAt: Date; seconds: number; source: LearningTimeSource },
      executor: Db = db,
    ): Promise<void> {
      const parts = splitByHour(endedAt, seconds);
      if (parts.length === 0) return;
      const spans = sql.join(
        parts.map((part) => sql`(${userId}::text, ${part.hour.toISOString()}::timestamptz, ${part.seconds}::int)`),
        sql`, `,
      );
      await executor.execute(sql`with ${timeAddedSteps(source, sql`values ${spans}`)} select 1`);
    },

    /**
     * The steps of a statement that adds learning ending now, given as `gained`, a query of rows (user_id, seconds)
     * with each learner at most once (an hour's row can change only once in a statement), e.g. what rows just updated
     * gained: common table expressions to put after the statement's own in its `with`, so the time is added in the
     * same statement (and so the same commit) as the change that earned it. `endedAt` is for tests.
     */
    timeEndingNowForManySteps(source: LearningTimeSource, gained: SQL, endedAt: SQL = sql`now()`) {
      // Each span [endedAt - seconds, endedAt) split at the UTC hours it crosses, as `addTime` splits it.
      return timeAddedSteps(
        source,
        sql`select s.user_id, s.hour, s.seconds from (
            select g.user_id, h.hour, round(extract(epoch from least(h.hour + interval '1 hour', e.ended)
              - greatest(h.hour, e.ended - g.seconds * interval '1 second')))::int as seconds
            from (select (${endedAt})::timestamptz as ended) e
            cross join (${gained}) g(user_id, seconds)
            cross join lateral generate_series(date_trunc('hour', e.ended - g.seconds * interval '1 second'), e.ended,
              interval '1 hour') h(hour)
            where g.seconds > 0
          ) s where s.seconds > 0`,
      );
    },
  };
}

/** Learning time read: over a window, per local day, and over a lifetime. */
function createLearningTimeReads(db: Db) {
  return {
    async secondsBetween(
      userId: string,
      { from, to, sources }: { from: Date; to: Date; sources?: LearningTimeSource[] },
    ): Promise<number> {
      const [row] = await db
        .select({ seconds: sql<number>`coalesce(sum(${learningTimeHourly.seconds}), 0)::int` })
        .from(learningTimeHourly)
        .where(
          and(
            eq(learningTimeHourly.userId, userId),
            gte(learningTimeHourly.hour, startOfUtcHour(from)),
            lt(learningTimeHourly.hour, to),
            sources ? inArray(learningTimeHourly.source, sources) : undefined,
          ),
        );
      return row?.seconds ?? 0;
    },

    /** Seconds per local day (`YYYY-MM-DD` in `timeZone`) between two instants. */
    secondsByDayPart(userId: string, { from, to, timeZone }: { from: Date; to: Date; timeZone: string }) {
      return dayTotalsPart(sql`
        select to_char(h.hour at time zone ${timeZone}, 'YYYY-MM-DD') as day, sum(h.seconds)::int as total
        from ${learningTimeHourly} h
        where h.user_id = ${userId} and h.hour >= ${startOfUtcHour(from).toISOString()} and h.hour < ${to.toISOString()}
        group by 1`);
    },

    /** The learner's lifetime learning time in seconds. */
    totalSecondsPart(userId: string) {
      return readPart(
        sql`select t.seconds from ${learningTimeTotals} t where t.user_id = ${userId}`,
        // A bigint arrives as text.
        (value) => Number(value ?? 0),
      );
    },
  };
}
export function createActivityRepository({ db }: { db: Db }) {
  return { ...createLearningTimeWrites(db), ...createLearningTimeReads(db) };
}
export type ActivityRepository = ReturnType<typeof createActivityRepository>;
