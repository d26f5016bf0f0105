import { z } from 'zod';

/** How many thresholds the defaults list; levels above the last one continue with the same rule. */
export const DEFAULT_LEVEL_COUNT = 20;
export const MAX_LEVEL_COUNT = 100;

/** The threshold after `previous`: 120 + round(previous x 1.3). */
export function nextLevelThreshold(previous: number): number {
  return 120 + Math.round(previous * 1.3);
}

/** Level 1 at 0 XP, then each threshold from the one before: 0, 120, 276, 479, 743, 1086, ... */
export function defaultLevelThresholds(count = DEFAULT_LEVEL_COUNT): number[] {
  const thresholds = [0];
  while (thresholds.length < count) thresholds.push(nextLevelThreshold(thresholds[thresholds.length - 1] ?? 0));
  return thresholds;
}

/** Admin-edited thresholds: level 1 at 0 XP, each level needing more than the one before. */
export const levelThresholdsSchema = z
  .array(z.number().int().min(0).max(1_000_000_000))
  .min(2)
  .max(MAX_LEVEL_COUNT)
  .refine((list) => list[0] === 0, 'Level 1 starts at 0 XP.')
  .refine(
    (list) => list.every((value, index) => index === 0 || value > (list[index - 1] ?? 0)),
    'Each level needs more XP than the one before.',
  );

/** The XP needed for `level` (1-based); past the listed thresholds the default rule continues. */
export function thresholdForLevel(level: number, thresholds: readonly number[]): number {
  if (level <= 1) return 0;
  const listed = thresholds[level - 1];
  if (listed !== undefined) return listed;
  let value = thresholds[thresholds.length - 1] ?? 0;
  for (let current = thresholds.length; current < level; current++) value = nextLevelThreshold(value);
  return value;
}

/** The level reached with `totalXp` lifetime XP. */
export function levelForXp(totalXp: number, thresholds: readonly number[]): number {
  let level = 1;
  while (level < 10_000 && totalXp >= thresholdForLevel(level + 1, thresholds)) level++;
  return level;
}

export type LevelProgress = {
  level: number;
  /** XP at which the current level started. */
  level_start_xp: number;
  /** XP at which the next level starts. */
  next_level_xp: number;
  /** Share of the way from this level to the next, 0-1. */
  progress: number;
};

export function levelProgress(totalXp: number, thresholds: readonly number[]): LevelProgress {
  const level = levelForXp(totalXp, thresholds);
  const start = thresholdForLevel(level, thresholds);
  const next = thresholdForLevel(level + 1, thresholds);
  const progress = next > start ? Math.min(Math.max((totalXp - start) / (next - start), 0), 1) : 1;
  return { level, level_start_xp: start, next_level_xp: next, progress };
}

export const levelProgressSchema = z.object({
  level: z.number().int(),
  level_start_xp: z.number().int(),
  next_level_xp: z.number().int(),
  progress: z.number(),
});
