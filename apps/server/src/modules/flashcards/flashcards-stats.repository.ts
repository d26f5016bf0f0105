import { MATURE_INTERVAL_DAYS } from '@portal/shared/flashcards-stats';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** Whose cards and reviews, optionally one deck, and the learner's time zone for local days. */
export type StatsScope = { userId: string; deckId?: string; timeZone: string };

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const localDay = (column: SQL, timeZone: string) =>
  sql`to_char((${column} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;

/** A local day with reviews: its counts, time spent, and true-retention outcomes. */
export type ReviewDay = {
  date: string;
  reviews: number;
  time_ms: number;
  young_passed: number;
  young_failed: number;
  mature_passed: number;
  mature_failed: number;
};

const rowsOf = async <Row>(db: Db, query: SQL): Promise<Row[]> =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const cardsOf = ({ userId, deckId }: StatsScope) =>
  deckId ? sql`c.user_id = ${userId} and c.deck_id = ${deckId}` : sql`c.user_id = ${userId}`;
/** The learner's reviews, of one deck's cards when a deck is chosen. */
const logsOf = ({ userId, deckId }: StatsScope) =>
  deckId
    ? sql`l.user_id = ${userId} and l.card_id in (select id from flashcard_cards where user_id = ${userId} and deck_id = ${deckId})`
    : sql`l.user_id = ${userId}`;
/** Ratings of cards in review, young or mature by the interval (a log's scheduled_days) they had when rated. */
const outcome = (young: boolean, passed: boolean) =>
  sql`(count(*) filter (where l.state = 2 and l.scheduled_days ${young ? sql`<` : sql`>=`} ${MATURE_INTERVAL_DAYS}
          and l.rating ${passed ? sql`> 1` : sql`= 1`}))::int`;

/** Counts only: every figure is aggregated in the database (at most one row per local day or per card state). */
export function createFlashcardsStatsRepository({ db }: { db: Db }) {
  const rows = <Row>(query: SQL) => rowsOf<Row>(db, query);

  return {
    /**
     * One pass over the learner's log: per local day with reviews, the reviews, the time they took, and the ratings
     * of cards in review (Anki's true retention) passed (not Again) and failed, young and mature by the interval the
     * card had before the rating.
     */
    async reviewDays(scope: StatsScope): Promise<ReviewDay[]> {
      const days = await rows<ReviewDay & { time_ms: string | number }>(sql`
        select ${localDay(sql`l.reviewed_at`, scope.timeZone)} as date, count(*)::int as reviews,
          coalesce(sum(l.duration_ms), 0)::bigint as time_ms,
          ${outcome(true, true)} as young_passed, ${outcome(true, false)} as young_failed,
          ${outcome(false, true)} as mature_passed, ${outcome(false, false)} as mature_failed
        from flashcard_review_logs l
        where ${logsOf(scope)}
        group by 1 order by 1`);
      return days.map((day) => ({ ...day, time_ms: Number(day.time_ms) }));
    },

    /** Cards seen before and not suspended falling due per local day before `until`; overdue ones count today. */
    async forecast(scope: StatsScope, startOfToday: Date, until: Date) {
      return rows<{ date: string; due: number }>(sql`
        select ${localDay(sql`greatest(c.due, ${at(startOfToday)})`, scope.timeZone)} as date, count(*)::int as due
        from flashcard_cards c
        where ${cardsOf(scope)} and not c.suspended and c.state <> 0 and c.due < ${at(until)}
        group by 1 order by 1`);
    },

    /** Cards by maturity; suspended cards are counted apart only. */
    async maturity(scope: StatsScope) {
      const [row] = await rows<{ new: number; learning: number; young: number; mature: number; suspended: number }>(sql`
        select
          (count(*) filter (where not c.suspended and c.state = 0))::int as new,
          (count(*) filter (where not c.suspended and c.state in (1, 3)))::int as learning,
          (count(*) filter (where not c.suspended and c.state = 2 and c.scheduled_days < ${MATURE_INTERVAL_DAYS}))::int as young,
          (count(*) filter (where not c.suspended and c.state = 2 and c.scheduled_days >= ${MATURE_INTERVAL_DAYS}))::int as mature,
          (count(*) filter (where c.suspended))::int as suspended
        from flashcard_cards c
        where ${cardsOf(scope)}`);
      return row ?? { new: 0, learning: 0, young: 0, mature: 0, suspended: 0 };
    },
  };
}
export type FlashcardsStatsRepository = ReturnType<typeof createFlashcardsStatsRepository>;
