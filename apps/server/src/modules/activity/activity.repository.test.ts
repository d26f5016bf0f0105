import { describe, expect, it } from 'vitest';
import { splitByHour } from './activity.repository.ts';

describe('learning time by hour', () => {
  it('keeps a span inside one hour whole', () => {
    expect(splitByHour(new Date('2026-11-22T10:40:00Z'), 25 * 60)).toEqual([
      { hour: new Date('2026-11-22T10:00:00Z'), seconds: 1500 },
    ]);
  });

  it('spreads a span over the hours it crossed, ending where it ended', () => {
    expect(splitByHour(new Date('2026-11-22T11:15:00Z'), 90 * 60)).toEqual([
      { hour: new Date('2026-11-22T09:00:00Z'), seconds: 900 },
      { hour: new Date('2026-11-22T10:00:00Z'), seconds: 3600 },
      { hour: new Date('2026-11-22T11:00:00Z'), seconds: 900 },
    ]);
  });

  it('a span ending on the hour belongs to the hour before', () => {
    expect(splitByHour(new Date('2026-11-22T11:00:00Z'), 60)).toEqual([
      { hour: new Date('2026-11-22T10:00:00Z'), seconds: 60 },
    ]);
  });

  it('nothing for no time', () => {
    expect(splitByHour(new Date(), 0)).toEqual([]);
    expect(splitByHour(new Date(), -5)).toEqual([]);
  });
});
