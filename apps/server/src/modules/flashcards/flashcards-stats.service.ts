import {
  type FlashcardStats,
  RETENTION_PERIODS,
  type RetentionPeriod,
  STATS_FORECAST_DAYS,
  STATS_HISTORY_DAYS,
} from '@portal/shared/flashcards-stats';
import { localDatesBetween, safeZone, shiftLocalDate, startOfLocalDate, todayIn } from '@portal/shared/time-zone';
import type { FlashcardsStatsRepository } from './flashcards-stats.repository.ts';

/** First local day of each retention period, counted back from today. */
const PERIOD_DAYS_BACK: Record<RetentionPeriod, number> = { today: 0, yesterday: 1, week: 6, month: 29, year: 364 };

export function createFlashcardsStatsService({
  repository,
  timeZoneOf,
  now = () => new Date(),
}: {
  repository: FlashcardsStatsRepository;
  timeZoneOf: (userId: string) => Promise<string>;
  now?: () => Date;
}) {
  return {
    /** Reviews per day, true retention, the due forecast, card maturity and totals, in the learner's time zone. */
    async stats(userId: string, deckId?: string): Promise<FlashcardStats> {
      const timeZone = safeZone(await timeZoneOf(userId));
      const today = todayIn(timeZone, now());
      const startOf = (daysFromToday: number) => startOfLocalDate(shiftLocalDate(today, daysFromToday), timeZone);
      const startOfToday = startOf(0);
      const starts = Object.fromEntries(
        RETENTION_PERIODS.map((period) => [period, startOf(-PERIOD_DAYS_BACK[period])]),
      ) as Record<RetentionPeriod, Date>;
      const scope = { userId, timeZone, ...(deckId ? { deckId } : {}) };
      const [reviewsByDay, retention, forecast, maturity, totals] = await Promise.all([
        repository.reviewsByDay(scope, startOf(1 - STATS_HISTORY_DAYS)),
        repository.retention(scope, starts, startOfToday),
        repository.forecast(scope, startOfToday, startOf(STATS_FORECAST_DAYS)),
        repository.maturity(scope),
        repository.totals(scope),
      ]);
      const dueOn = new Map(forecast.map((row) => [row.date, row.due]));
      const count = (key: string) => retention[key] ?? 0;
      return {
        time_zone: timeZone,
        today,
        reviews_by_day: reviewsByDay,
        retention: RETENTION_PERIODS.map((period) => ({
          period,
          young: { passed: count(`${period}_young_passed`), failed: count(`${period}_young_failed`) },
          mature: { passed: count(`${period}_mature_passed`), failed: count(`${period}_mature_failed`) },
        })),
        forecast: localDatesBetween(today, shiftLocalDate(today, STATS_FORECAST_DAYS - 1)).map((date) => ({
          date,
          due: dueOn.get(date) ?? 0,
        })),
        maturity,
        totals,
      };
    },
  };
}
export type FlashcardsStatsService = ReturnType<typeof createFlashcardsStatsService>;
