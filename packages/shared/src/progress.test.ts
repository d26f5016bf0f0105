import { describe, expect, it } from 'vitest';
import { mergeRanges, progressReportBodySchema, watchedSeconds } from './progress.ts';

describe('watched ranges', () => {
  it('overlapping and touching ranges merge; empty and reversed ones drop out', () => {
    expect(
      mergeRanges([
        [30, 40],
        [0, 10],
        [5, 12],
        [12, 15],
        [50, 50],
        [70, 60],
      ]),
    ).toEqual([
      [0, 15],
      [30, 40],
    ]);
  });

  it('seconds watched count overlaps once', () => {
    expect(
      watchedSeconds([
        [0, 10],
        [5, 20],
        [30, 35],
      ]),
    ).toBe(25);
  });
});

describe('progress reports', () => {
  it.each([{ kind: 'text' }, { kind: 'pdf', page: 3 }, { kind: 'video', ranges: [[0, 12.5]], position: 12.5 }])(
    '%j is a valid report',
    (body) => {
      expect(progressReportBodySchema.safeParse(body).success).toBe(true);
    },
  );

  it.each([
    { kind: 'pdf', page: 0 },
    { kind: 'video', ranges: [[10, 5]], position: 0 },
    { kind: 'video', ranges: [[0, 5]], position: -1 },
    { kind: 'quiz' },
    { kind: 'text', completed: true },
  ])('%j is refused', (body) => {
    expect(progressReportBodySchema.safeParse(body).success).toBe(false);
  });
});
