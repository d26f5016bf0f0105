import { describe, expect, it } from 'vitest';
import { createLiveSessionBodySchema, expandRecurrence, instantOfLocal, isHttpsLink, localOfInstant } from './live.ts';

describe('live session recurrence', () => {
  it('keeps the wall-clock time across daylight saving in New York (second Sunday of March)', () => {
    const expanded = expandRecurrence('2026-03-02T09:00', { frequency: 'weekly', count: 3, exceptions: [] });
    expect(expanded).toEqual({ occurrences: ['2026-03-02T09:00', '2026-03-09T09:00', '2026-03-16T09:00'] });
    const instants = ('occurrences' in expanded ? expanded.occurrences : []).map((local) =>
      instantOfLocal(local, 'America/New_York').toISOString(),
    );
    expect(instants).toEqual(['2026-03-02T14:00:00.000Z', '2026-03-09T13:00:00.000Z', '2026-03-16T13:00:00.000Z']);
  });

  it('goes back from an instant to the wall-clock time of the zone', () => {
    expect(localOfInstant(new Date('2026-03-29T16:00:00Z'), 'Europe/Berlin')).toBe('2026-03-29T18:00');
  });

  it('names what is wrong with a series', () => {
    const weekly = { frequency: 'weekly' as const, exceptions: [] };
    expect(expandRecurrence('2026-03-02T09:00', { ...weekly, until: '2026-03-01' })).toEqual({
      problem: 'until_before_start',
    });
    expect(expandRecurrence('2026-03-02T09:00', { ...weekly, until: '2027-12-31' })).toEqual({ problem: 'too_many' });
    expect(expandRecurrence('2026-03-02T09:00', { ...weekly, count: 2, exceptions: ['2026-03-03'] })).toEqual({
      problem: 'exception_not_an_occurrence',
    });
    expect(
      expandRecurrence('2026-03-02T09:00', { ...weekly, count: 2, exceptions: ['2026-03-02', '2026-03-09'] }),
    ).toEqual({ problem: 'no_occurrence' });
  });

  it('accepts only https meeting links and one way to end a series', () => {
    expect(isHttpsLink('https://meet.example.com/a')).toBe(true);
    expect(isHttpsLink('http://meet.example.com/a')).toBe(false);
    expect(isHttpsLink('javascript:alert(1)')).toBe(false);
    const body = {
      kind: 'class',
      title: 'A',
      start_local: '2026-03-02T09:00',
      time_zone: 'UTC',
      duration_minutes: 60,
      audience: 'everyone',
    };
    const both = { frequency: 'weekly', count: 3, until: '2026-04-01' };
    expect(createLiveSessionBodySchema.safeParse({ ...body, recurrence: both }).success).toBe(false);
    expect(createLiveSessionBodySchema.safeParse({ ...body, time_zone: 'Mars/Olympus' }).success).toBe(false);
    expect(createLiveSessionBodySchema.safeParse(body).success).toBe(true);
  });
});

describe('live session dates', () => {
  it('refuse days and times that do not exist', () => {
    const body = {
      kind: 'class',
      title: 'A',
      start_local: '2026-03-02T09:00',
      time_zone: 'UTC',
      duration_minutes: 60,
      audience: 'everyone',
    };
    const parses = (changes: Record<string, unknown>) => createLiveSessionBodySchema.safeParse({ ...body, ...changes });
    expect(parses({ start_local: '2026-02-30T09:00' }).success).toBe(false);
    expect(parses({ start_local: '2026-03-02T24:00' }).success).toBe(false);
    expect(parses({ recurrence: { frequency: 'weekly', until: '2026-04-31' } }).success).toBe(false);
    expect(parses({ recurrence: { frequency: 'weekly', until: '0000-01-01' } }).success).toBe(false);
    expect(parses({ recurrence: { frequency: 'weekly', until: '2026-04-30' } }).success).toBe(true);
  });
});
