import type { StreakType } from '@portal/shared/streak-days';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { achievements, streakFreezeDays, streaks, userBadges } from './gamification.table.ts';

type StreakRow = typeof streaks.$inferSelect;

/**
 * A learner's streak and holdings as statements not yet run, for the writes outside an award (`saveStreak`,
 * `saveProgress`); the award's statement (`saveAwardsAtOnce`) writes the same rows for many learners at once.
 */

/** The learner's streak of its type, as `row` has it. */
export function streakSaved(executor: Db, row: Omit<StreakRow, 'updatedAt'>) {
  const { userId: _userId, streakType: _streakType, ...values } = row;
  return executor
    .insert(streaks)
    .values({ ...row, updatedAt: sql`now()` })
    .onConflictDoUpdate({ target: [streaks.userId, streaks.streakType], set: { ...values, updatedAt: sql`now()` } });
}

/** The days a streak's freezes covered (`days` not empty). */
export function freezeDaysAdded(executor: Db, userId: string, streakType: StreakType | string, days: string[]) {
  return executor
    .insert(streakFreezeDays)
    .values(days.map((day) => ({ userId, streakType, day })))
    .onConflictDoNothing();
}

/** The badges not held yet (`badgeKeys` not empty), returning the keys that were new. */
export function badgesGranted(executor: Db, userId: string, badgeKeys: string[]) {
  return executor
    .insert(userBadges)
    .values(badgeKeys.map((badgeKey) => ({ userId, badgeKey })))
    .onConflictDoNothing()
    .returning({ badgeKey: userBadges.badgeKey });
}

/** The achievements' tiers and progress (`rows` not empty). */
export function achievementsSaved(
  executor: Db,
  userId: string,
  rows: { key: string; tier: number; progress: number }[],
) {
  return executor
    .insert(achievements)
    .values(rows.map((row) => ({ userId, achievementKey: row.key, tier: row.tier, progress: row.progress })))
    .onConflictDoUpdate({
      target: [achievements.userId, achievements.achievementKey],
      set: { tier: sql`excluded.tier`, progress: sql`excluded.progress`, updatedAt: sql`now()` },
    });
}
