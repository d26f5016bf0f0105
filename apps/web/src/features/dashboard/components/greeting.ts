import { dateTimeFormat } from '@/lib/intl-formats';

export type DayPart = 'morning' | 'afternoon' | 'evening';

/** Morning before 12, afternoon before 18, evening otherwise, in the given time zone. */
export function dayPart(now: Date, timeZone: string): DayPart {
  let hour: number;
  try {
    hour = Number(dateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone }).format(now));
  } catch {
    hour = now.getHours();
  }
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 18) return 'afternoon';
  return 'evening';
}
