import { MATURE_INTERVAL_DAYS, type RetentionPeriod } from '@portal/shared/flashcards-stats';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** Whose cards and reviews, optionally one deck, and the learner's time zone for local days. */
export type StatsScope = { userId: string; deckId?: string; timeZone: string };

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const localDay = (column: SQL, timeZone: string) =>
  sql`to_char((${column} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;

/** Counts only: every figure is aggregated in the database. */
export function createFlashcardsStatsRepository({ db }: { db: Db }) {
  const rows = async <Row>(query: SQL): Promise<Row[]> =>
    ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
  const cardsOf = ({ userId, deckId }: StatsScope) =>
    deckId ? sql`c.user_id = ${userId} and c.deck_id = ${deckId}` : sql`c.user_id = ${userId}`;
  /** The learner's reviews, of one deck's cards when a deck is chosen. */
  const logsOf = ({ userId, deckId }: StatsScope) =>
    deckId
      ? sql`l.user_id = ${userId} and l.card_id in (select id from flashcard_cards where user_id = ${userId} and deck_id = ${deckId})`
      : sql`l.user_id = ${userId}`;

  return {
    /** Reviews per local day since `from`, days without reviews left out. */
    async reviewsByDay(scope: StatsScope, from: Date) {
      return rows<{ date: string; reviews: number }>(sql`
        select ${localDay(sql`l.reviewed_at`, scope.timeZone)} as date, count(*)::int as reviews
        from flashcard_review_logs l
        where ${logsOf(scope)} and l.reviewed_at >= ${at(from)}
        group by 1 order by 1`);
    },

    /**
     * Ratings of cards that were in review (Anki's true retention), passed (not Again) and failed, young and mature
     * by the interval the card had, for each period from its start (yesterday ends where today starts).
     */
    async retention(scope: StatsScope, starts: Record<RetentionPeriod, Date>, startOfToday: Date) {
      const interval = sql`coalesce((l.card_before ->> 'scheduledDays')::int, 0)`;
      const kinds = {
        young: sql`${interval} < ${MATURE_INTERVAL_DAYS}`,
        mature: sql`${interval} >= ${MATURE_INTERVAL_DAYS}`,
      };
      const outcomes = { passed: sql`l.rating > 1`, failed: sql`l.rating = 1` };
      const columns: SQL[] = [];
      for (const [period, start] of Object.entries(starts) as [RetentionPeriod, Date][]) {
        const inPeriod =
          period === 'yesterday'
            ? sql`l.reviewed_at >= ${at(start)} and l.reviewed_at < ${at(startOfToday)}`
            : sql`l.reviewed_at >= ${at(start)}`;
        for (const [kind, isKind] of Object.entries(kinds)) {
          for (const [outcome, isOutcome] of Object.entries(outcomes)) {
            columns.push(
              sql`(count(*) filter (where ${inPeriod} and ${isKind} and ${isOutcome}))::int as ${sql.identifier(`${period}_${kind}_${outcome}`)}`,
            );
          }
        }
      }
      const earliest = new Date(Math.min(...Object.values(starts).map((start) => start.getTime())));
      const [row] = await rows<Record<string, number>>(sql`
        select ${sql.join(columns, sql`, `)}
        from flashcard_review_logs l
        where ${logsOf(scope)} and l.state = 2 and l.reviewed_at >= ${at(earliest)}`);
      return row ?? {};
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

    /** Every review, the time spent on those that recorded it, and the local days with reviews. */
    async totals(scope: StatsScope) {
      const [row] = await rows<{ reviews: number; time_ms: string | number; days_studied: number }>(sql`
        select count(*)::int as reviews, coalesce(sum(l.duration_ms), 0)::bigint as time_ms,
          count(distinct (l.reviewed_at at time zone ${scope.timeZone})::date)::int as days_studied
        from flashcard_review_logs l
        where ${logsOf(scope)}`);
      return {
        reviews: row?.reviews ?? 0,
        time_ms: Number(row?.time_ms ?? 0),
        days_studied: row?.days_studied ?? 0,
      };
    },
  };
}
export type FlashcardsStatsRepository = ReturnType<typeof createFlashcardsStatsRepository>;
