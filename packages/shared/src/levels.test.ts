import { describe, expect, it } from 'vitest';
import {
  defaultLevelThresholds,
  levelForXp,
  levelProgress,
  levelThresholdsSchema,
  thresholdForLevel,
} from './levels.ts';

describe('levels', () => {
  it('level thresholds follow 120 + round(previous x 1.3) from 0', () => {
    expect(defaultLevelThresholds(10)).toEqual([0, 120, 276, 479, 743, 1086, 1532, 2112, 2866, 3846]);
  });

  it.each([
    [0, 1],
    [119, 1],
    [120, 2],
    [275, 2],
    [276, 3],
    [3845, 9],
    [3846, 10],
  ])('%i XP is level %i', (xp, level) => {
    expect(levelForXp(xp, defaultLevelThresholds(10))).toBe(level);
  });

  it('levels past the last listed threshold continue with the same rule', () => {
    const short = [0, 120, 276];
    expect(thresholdForLevel(4, short)).toBe(479);
    expect(thresholdForLevel(10, short)).toBe(3846);
    expect(levelForXp(3846, short)).toBe(10);
  });

  it('admin thresholds are used as given', () => {
    const custom = [0, 50, 100];
    expect(levelForXp(60, custom)).toBe(2);
    expect(levelProgress(75, custom)).toEqual({ level: 2, level_start_xp: 50, next_level_xp: 100, progress: 0.5 });
  });

  it('progress to the next level goes from 0 to just under 1', () => {
    const thresholds = defaultLevelThresholds();
    expect(levelProgress(0, thresholds)).toMatchObject({ level: 1, next_level_xp: 120, progress: 0 });
    expect(levelProgress(198, thresholds)).toMatchObject({ level: 2, level_start_xp: 120, next_level_xp: 276 });
    expect(levelProgress(198, thresholds).progress).toBeCloseTo(0.5);
  });

  it.each([
    { label: 'not starting at 0', list: [10, 100] },
    { label: 'not increasing', list: [0, 100, 100] },
    { label: 'only one level', list: [0] },
    { label: 'a negative value', list: [0, -5] },
    { label: 'a fraction', list: [0, 10.5] },
  ])('thresholds $label are refused', ({ list }) => {
    expect(levelThresholdsSchema.safeParse(list).success).toBe(false);
  });

  it('the default thresholds pass validation', () => {
    expect(levelThresholdsSchema.safeParse(defaultLevelThresholds()).success).toBe(true);
  });
});
