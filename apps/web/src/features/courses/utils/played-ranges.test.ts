import { watchedSeconds } from '@portal/shared/progress';
import { describe, expect, it } from 'vitest';
import { readPlayedRanges, subtractRanges } from './played-ranges';

const timeRanges = (pairs: Array<[number, number]>): TimeRanges => ({
  length: pairs.length,
  start: (index: number) => pairs[index]?.[0] ?? 0,
  end: (index: number) => pairs[index]?.[1] ?? 0,
});

describe('played ranges', () => {
  it('reads what the media element really played, merged and without empty stretches', () => {
    expect(
      readPlayedRanges(
        timeRanges([
          [0, 12.5],
          [10, 20],
          [30, 30],
          [40, 45],
        ]),
      ),
    ).toEqual([
      [0, 20],
      [40, 45],
    ]);
  });

  it('a seek to the end adds only the seconds played after it', () => {
    const played = readPlayedRanges(
      timeRanges([
        [0, 5],
        [115, 120],
      ]),
    );
    expect(watchedSeconds(played)).toBe(10);
  });

  it('finds only the stretches that are new since the previous acknowledged report', () => {
    const previous: Array<[number, number]> = [[0, 10]];
    const next: Array<[number, number]> = [
      [0, 25],
      [40, 50],
    ];
    expect(subtractRanges(next, previous)).toEqual([
      [10, 25],
      [40, 50],
    ]);
    expect(subtractRanges(previous, previous)).toEqual([]);
    expect(subtractRanges([[5, 30]], [[10, 20]])).toEqual([
      [5, 10],
      [20, 30],
    ]);
  });
});
