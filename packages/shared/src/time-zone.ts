import { TZDate } from '@date-fns/tz';
import { addDays, addWeeks, differenceInCalendarDays, format, startOfWeek } from 'date-fns';

/** Zones already checked: building a formatter to test a zone costs more than the date arithmetic around it. */
const checkedZones = new Map<string, string>();

/** The zone itself when the runtime knows it, otherwise UTC. */
export function safeZone(timeZone: string): string {
  const known = checkedZones.get(timeZone);
  if (known) return known;
  let zone = 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    zone = timeZone;
  } catch {}
  if (checkedZones.size < 1000) checkedZones.set(timeZone, zone);
  return zone;
}

/** Today's date (YYYY-MM-DD) in `timeZone`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return format(new TZDate(now.getTime(), safeZone(timeZone)), 'yyyy-MM-dd');
}

/** The instant a local date (YYYY-MM-DD) begins in `timeZone`. */
export function startOfLocalDate(date: string, timeZone: string): Date {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(new TZDate(year, month - 1, day, safeZone(timeZone)).getTime());
}

/** The local date `days` after `date` (negative goes back). */
export function shiftLocalDate(date: string, days: number): string {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return format(addDays(new Date(year, month - 1, day, 12), days), 'yyyy-MM-dd');
}

/** Every local date from `from` to `to`, both included. */
export function localDatesBetween(from: string, to: string): string[] {
  const [fy = 1970, fm = 1, fd = 1] = from.split('-').map(Number);
  const [ty = 1970, tm = 1, td = 1] = to.split('-').map(Number);
  const count = differenceInCalendarDays(new Date(ty, tm - 1, td, 12), new Date(fy, fm - 1, fd, 12)) + 1;
  return Array.from({ length: Math.max(count, 0) }, (_, index) => shiftLocalDate(from, index));
}

/** The learner's week around `now`: Monday 00:00 to the next Monday 00:00 in their time zone. */
export function weekWindow(now: Date, timeZone: string): { start: Date; end: Date } {
  const start = startOfWeek(new TZDate(now.getTime(), safeZone(timeZone)), { weekStartsOn: 1 });
  return { start: new Date(start.getTime()), end: new Date(addWeeks(start, 1).getTime()) };
}
