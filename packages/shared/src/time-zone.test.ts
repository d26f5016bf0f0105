import { TZDate } from '@date-fns/tz';
import { addDays, addWeeks, format, startOfDay, startOfWeek } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { localDatesBetween, safeZone, shiftLocalDate, startOfLocalDate, todayIn, weekWindow } from './time-zone.ts';

describe('local dates in a time zone', () => {
  it('tells today by the learner’s clock, not the server’s', () => {
    const instant = new Date('2026-03-01T23:30:00Z');
    expect(todayIn('UTC', instant)).toBe('2026-03-01');
    expect(todayIn('Asia/Shanghai', instant)).toBe('2026-03-02');
    expect(todayIn('America/Los_Angeles', instant)).toBe('2026-03-01');
  });

  it('starts a day at local midnight, also on the day clocks change', () => {
    expect(startOfLocalDate('2026-01-15', 'Europe/Berlin').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(startOfLocalDate('2026-07-15', 'Europe/Berlin').toISOString()).toBe('2026-07-14T22:00:00.000Z');
    // 29 March 2026: Berlin springs forward at 02:00; the day still starts at 00:00 CET.
    expect(startOfLocalDate('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfLocalDate('2026-03-30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('walks calendar dates across month ends and DST without skipping or repeating a day', () => {
    expect(shiftLocalDate('2026-03-01', -1)).toBe('2026-02-28');
    expect(localDatesBetween('2026-03-28', '2026-04-01')).toEqual([
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
    ]);
    expect(localDatesBetween('2026-04-02', '2026-04-01')).toEqual([]);
  });

  it('weeks run Monday to Monday in the learner’s zone', () => {
    const { start, end } = weekWindow(new Date('2026-11-22T12:00:00Z'), 'Europe/Berlin');
    expect(start.toISOString()).toBe('2026-11-15T23:00:00.000Z');
    expect(end.toISOString()).toBe('2026-11-22T23:00:00.000Z');
  });

  it('tells the same dates, day starts and weeks as the calendar library, in zones with odd offsets and around clock changes', () => {
    const zones = [
      'UTC',
      'Europe/Berlin',
      'America/Los_Angeles',
      'Asia/Kolkata',
      'America/St_Johns',
      'Pacific/Chatham',
      'Pacific/Kiritimati',
      'Australia/Lord_Howe',
    ];
    // Every 7 hours 13 minutes over two years: each hour of the day, each season, every clock change.
    for (let time = Date.UTC(2025, 0, 1); time < Date.UTC(2027, 0, 1); time += 26_000_000) {
      for (const zone of zones) {
        expect(todayIn(zone, new Date(time))).toBe(format(new TZDate(time, zone), 'yyyy-MM-dd'));
      }
    }
    for (let time = Date.UTC(2025, 0, 1); time < Date.UTC(2027, 0, 1); time += 26_000_000) {
      for (const zone of zones) {
        const weekStart = startOfWeek(new TZDate(time, zone), { weekStartsOn: 1 });
        const week = weekWindow(new Date(time), zone);
        expect(week.start.getTime()).toBe(weekStart.getTime());
        expect(week.end.getTime()).toBe(addWeeks(weekStart, 1).getTime());
        const today = todayIn(zone, new Date(time));
        expect(startOfLocalDate(today, zone).getTime()).toBe(startOfDay(new TZDate(time, zone)).getTime());
      }
    }
    for (let days = -800; days <= 800; days += 7) {
      expect(shiftLocalDate('2026-03-29', days)).toBe(format(addDays(new Date(2026, 2, 29, 12), days), 'yyyy-MM-dd'));
    }
    expect(localDatesBetween('2024-02-27', '2024-03-01')).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    // Some 6,500 comparisons: about 3 s alone, longer while the machine is busy with other suites.
  }, 30_000);

  it('falls back to UTC for a zone the runtime does not know', () => {
    expect(safeZone('Mars/Olympus_Mons')).toBe('UTC');
  });
});
