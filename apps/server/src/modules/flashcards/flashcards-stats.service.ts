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

type StatsDeps = {
  repository: FlashcardsStatsRepository;
  timeZoneOf: (userId: string) => Promise<string>;
  now?: () => Date;
};

// Local dates as YYYY-MM-DD compare as text.
const daysBetween = (days: ReviewDay[], first: string, last: string) =>
  days.filter((day) => day.date >= first && day.date <= last);

const outcomes = (list: ReviewDay[], kind: 'young' | 'mature'): PassFail => ({
  passed: list.reduce((sum, day) => sum + day[`${kind}_passed`], 0),
  failed: list.reduce((sum, day) => sum + day[`${kind}_failed`], 0),
});

/** Young and mature pass/fail counts of each retention period. */
const retentionOf = (days: ReviewDay[], today: string) =>
  RETENTION_PERIODS.map((period) => {
    const [from, to] = PERIOD_DAYS[period];
    const list = daysBetween(days, shiftLocalDate(today, -from), shiftLocalDate(today, -to));
    return { period, young: outcomes(list, 'young'), mature: outcomes(list, 'mature') };
  });

/** Every day of the forecast, with no cards due on the days the database returned none for. */
const forecastOf = (forecast: Array<{ date: string; due: number }>, today: string) => {
  const dueOn = new Map(forecast.map((row) => [row.date, row.due]));
  return localDatesBetween(today, shiftLocalDate(today, STATS_FORECAST_DAYS - 1)).map((date) => ({
    date,
    due: dueOn.get(date) ?? 0,
  }));
};

const totalsOf = (days: ReviewDay[]) => ({
  reviews: days.reduce((sum, day) => sum + day.reviews, 0),
  time_ms: days.reduce((sum, day) => sum + day.time_ms, 0),
  days_studied: days.length,
});

export function createFlashcardsStatsService({ repository, timeZoneOf, now = () => new Date() }: StatsDeps) {
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
      return {
        time_zone: timeZone,
        today,
        reviews_by_day: daysBetween(days, shiftLocalDate(today, 1 - STATS_HISTORY_DAYS), today).map(
          ({ date, reviews }) => ({ date, reviews }),
        ),
        retention: retentionOf(days, today),
        forecast: forecastOf(forecast, today),
        maturity,
        totals: totalsOf(days),
      };
    },
  };
}
export type FlashcardsStatsService = ReturnType<typeof createFlashcardsStatsService>;
