import { TZDate } from '@date-fns/tz';

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

/** One calendar-date formatter per zone: building one costs far more than formatting with it. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormatOf(timeZone: string): Intl.DateTimeFormat {
  const zone = safeZone(timeZone);
  let dateFormat = dateFormats.get(zone);
  if (!dateFormat) {
    dateFormat = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    if (dateFormats.size < 1000) dateFormats.set(zone, dateFormat);
  }
  return dateFormat;
}

/** Per zone, the last local dates told and the instants each spans: most requests ask about this day or week. */
const knownDays = new Map<string, Array<{ date: string; from: number; to: number }>>();
const DAYS_KEPT_PER_ZONE = 4;

/** Today's date (YYYY-MM-DD) in `timeZone`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const zone = safeZone(timeZone);
  const time = now.getTime();
  const days = knownDays.get(zone) ?? [];
  for (const known of days) if (time >= known.from && time < known.to) return known.date;
  const date = formatDate(zone, now);
  if (!knownDays.has(zone)) {
    if (knownDays.size >= 1000) knownDays.clear();
    knownDays.set(zone, days);
  }
  days.unshift({
    date,
    from: startOfLocalDate(date, zone).getTime(),
    to: startOfLocalDate(shiftLocalDate(date, 1), zone).getTime(),
  });
  days.length = Math.min(days.length, DAYS_KEPT_PER_ZONE);
  return date;
}

function formatDate(zone: string, now: Date): string {
  let year = '';
  let month = '';
  let day = '';
  for (const part of dateFormatOf(zone).formatToParts(now)) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  return `${year.padStart(4, '0')}-${month}-${day}`;
}

const DAY_MS = 86_400_000;

/** A calendar date as the UTC midnight of that date: plain day arithmetic, no zone or DST involved. */
const utcDay = (date: string) =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));

const twoDigits = (value: number) => (value < 10 ? `0${value}` : String(value));

const dateOfUtcDay = (time: number) => {
  const day = new Date(time);
  return `${String(day.getUTCFullYear()).padStart(4, '0')}-${twoDigits(day.getUTCMonth() + 1)}-${twoDigits(day.getUTCDate())}`;
};

/**
 * Instants local dates begin, per zone and date. Working one out builds a zoned date, which formats the instant
 * several times to find the zone's offset: far more than the requests that ask (the home, goals, the week) do
 * otherwise. A date's start in a zone never changes while the process runs (the runtime's zone data is fixed).
 */
const dayStarts = new Map<string, number>();

/** The instant a local date (YYYY-MM-DD) begins in `timeZone`. */
export function startOfLocalDate(date: string, timeZone: string): Date {
  const zone = safeZone(timeZone);
  const key = `${zone} ${date}`;
  let time = dayStarts.get(key);
  if (time === undefined) {
    const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
    time = new TZDate(year, month - 1, day, zone).getTime();
    if (dayStarts.size >= 10_000) dayStarts.clear();
    dayStarts.set(key, time);
  }
  return new Date(time);
}

/** The local date `days` after `date` (negative goes back). */
export function shiftLocalDate(date: string, days: number): string {
  return dateOfUtcDay(utcDay(date) + days * DAY_MS);
}

/** Every local date from `from` to `to`, both included. */
export function localDatesBetween(from: string, to: string): string[] {
  const start = utcDay(from);
  const count = Math.round((utcDay(to) - start) / DAY_MS) + 1;
  return Array.from({ length: Math.max(count, 0) }, (_, index) => dateOfUtcDay(start + index * DAY_MS));
}

/** The learner's week around `now`: Monday 00:00 to the next Monday 00:00 in their time zone. */
export function weekWindow(now: Date, timeZone: string): { start: Date; end: Date } {
  const today = todayIn(timeZone, now);
  const daysSinceMonday = (new Date(utcDay(today)).getUTCDay() + 6) % 7;
  const monday = shiftLocalDate(today, -daysSinceMonday);
  return { start: startOfLocalDate(monday, timeZone), end: startOfLocalDate(shiftLocalDate(monday, 7), timeZone) };
}
