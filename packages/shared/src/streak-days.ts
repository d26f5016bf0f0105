/**
 * Streak days in the learner's own time zone: settling missed days with freezes and counting new activity.
 * Pure rules without schemas (no zod), so pages that only show days can import them.
 */
import { addDays, differenceInCalendarDays } from 'date-fns';
import { todayIn } from './time-zone.ts';

export const STREAK_TYPES = ['learning', 'login'] as const;
export type StreakType = (typeof STREAK_TYPES)[number];

/** The calendar date (YYYY-MM-DD) of `instant` in `timeZone`. */
export function localDay(instant: Date, timeZone: string): string {
  return todayIn(timeZone, instant);
}

const noonOf = (day: string) => {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date, 12));
};

/** Calendar days from `from` to `to` (positive when `to` is later); DST changes do not matter. */
export function daysBetween(from: string, to: string): number {
  return differenceInCalendarDays(noonOf(to), noonOf(from));
}

export function shiftDay(day: string, days: number): string {
  return addDays(noonOf(day), days).toISOString().slice(0, 10);
}

export type StreakState = {
  current: number;
  longest: number;
  /** Last local day with activity. */
  lastActiveDay: string | null;
  /** Last local day the streak covers, by activity or by a freeze. */
  lastCountedDay: string | null;
  freezesHeld: number;
};

export const EMPTY_STREAK: StreakState = {
  current: 0,
  longest: 0,
  lastActiveDay: null,
  lastCountedDay: null,
  freezesHeld: 0,
};

/**
 * Brings a streak up to `today`: days missed since the last counted day are covered by held freezes when there
 * are enough of them; otherwise the streak ends (and the freezes are kept).
 */
export function settleStreak(state: StreakState, today: string): { state: StreakState; frozenDays: string[] } {
  if (!state.lastCountedDay || state.current === 0) return { state, frozenDays: [] };
  const missed = daysBetween(state.lastCountedDay, today) - 1;
  if (missed <= 0) return { state, frozenDays: [] };
  if (missed > state.freezesHeld) return { state: { ...state, current: 0 }, frozenDays: [] };
  const frozenDays = Array.from({ length: missed }, (_, index) => shiftDay(state.lastCountedDay ?? today, index + 1));
  return {
    state: { ...state, freezesHeld: state.freezesHeld - missed, lastCountedDay: shiftDay(today, -1) },
    frozenDays,
  };
}

/**
 * Counts activity on `day`. When the learner changed time zone, `dayInPreviousZone` is the same instant's day in
 * the zone the streak was kept in: the earlier of the two decides whether days were missed, so moving across
 * time zones never breaks a streak, and a day is never counted twice.
 */
export function recordStreakActivity(
  state: StreakState,
  { day, dayInPreviousZone }: { day: string; dayInPreviousZone?: string | null },
): { state: StreakState; frozenDays: string[] } {
  const gapDay = dayInPreviousZone && dayInPreviousZone < day ? dayInPreviousZone : day;
  const settled = settleStreak(state, gapDay);
  const before = settled.state;
  const lastActiveDay = before.lastActiveDay && before.lastActiveDay > day ? before.lastActiveDay : day;
  let current: number;
  let lastCountedDay: string;
  if (before.current > 0 && before.lastCountedDay && day <= before.lastCountedDay) {
    current = before.current;
    lastCountedDay = before.lastCountedDay;
  } else if (before.current > 0 && before.lastCountedDay && daysBetween(before.lastCountedDay, gapDay) <= 1) {
    current = before.current + 1;
    lastCountedDay = day;
  } else {
    current = 1;
    lastCountedDay = day;
  }
  return {
    state: { ...before, current, lastCountedDay, lastActiveDay, longest: Math.max(before.longest, current) },
    frozenDays: settled.frozenDays,
  };
}

/** How a streak looks on `today` without changing it: freezes that would cover missed days count as spent. */
export function viewStreak(state: StreakState, today: string) {
  const { state: settled } = settleStreak(state, today);
  const todayDone = settled.lastActiveDay === today;
  return {
    current: settled.current,
    longest: settled.longest,
    freezes_held: settled.freezesHeld,
    today_done: todayDone,
    at_risk: settled.current > 0 && !todayDone,
  };
}
