import {
  type FlashcardStats,
  type PassFail,
  RETENTION_PERIODS,
  type RetentionPeriod,
  STATS_FORECAST_DAYS,
  STATS_HISTORY_DAYS,
} from '@portal/shared/flashcards-stats';
import { localDatesBetween, safeZone, shiftLocalDate, startOfLocalDate, todayIn } from '@portal/shared/time-zone';
import type { FlashcardsStatsRepository, ReviewDay } from './flashcards-stats.repository.ts';

/** The local days of each retention period, as [first, last] counted back from today. */
const PERIOD_DAYS: Record<RetentionPeriod, [number, number]> = {
  today: [0, 0],
  yesterday: [1, 1],
  week: [6, 0],
  month: [29, 0],
  year: [STATS_HISTORY_DAYS - 1, 0],
};

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
      const scope = { userId, timeZone, ...(deckId ? { deckId } : {}) };
      const [days, forecast, maturity] = await Promise.all([
        repository.reviewDays(scope),
        repository.forecast(scope, startOf(0), startOf(STATS_FORECAST_DAYS)),
        repository.maturity(scope),
      ]);
      // Local dates as YYYY-MM-DD compare as text.
      const between = (first: string, last: string) => days.filter((day) => day.date >= first && day.date <= last);
      const outcomes = (list: ReviewDay[], kind: 'young' | 'mature'): PassFail => ({
        passed: list.reduce((sum, day) => sum + day[`${kind}_passed`], 0),
        failed: list.reduce((sum, day) => sum + day[`${kind}_failed`], 0),
      });
      const dueOn = new Map(forecast.map((row) => [row.date, row.due]));
      return {
        time_zone: timeZone,
        today,
        reviews_by_day: between(shiftLocalDate(today, 1 - STATS_HISTORY_DAYS), today).map(({ date, reviews }) => ({
          date,
          reviews,
        })),
        retention: RETENTION_PERIODS.map((period) => {
          const [from, to] = PERIOD_DAYS[period];
          const list = between(shiftLocalDate(today, -from), shiftLocalDate(today, -to));
          return { period, young: outcomes(list, 'young'), mature: outcomes(list, 'mature') };
        }),
        forecast: localDatesBetween(today, shiftLocalDate(today, STATS_FORECAST_DAYS - 1)).map((date) => ({
          date,
          due: dueOn.get(date) ?? 0,
        })),
        maturity,
        totals: {
          reviews: days.reduce((sum, day) => sum + day.reviews, 0),
          time_ms: days.reduce((sum, day) => sum + day.time_ms, 0),
          days_studied: days.length,
        },
      };
    },
  };
}
export type FlashcardsStatsService = ReturnType<typeof createFlashcardsStatsService>;
