import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { achievements, userBadges } from './gamification.table.ts';

/** A learner's badges and tiered achievements: what an award reads and grants. */
export function createBadgesRepository(db: Db) {
  return {
    async listBadges(userId: string, executor: Db = db) {
      return executor.select().from(userBadges).where(eq(userBadges.userId, userId));
    },

    /** Inserts the badges not held yet; returns the keys that were new. */
    async grantBadges(tx: Db, userId: string, keys: string[]): Promise<string[]> {
      if (keys.length === 0) return [];
      const rows = await tx
        .insert(userBadges)
        .values(keys.map((badgeKey) => ({ userId, badgeKey })))
        .onConflictDoNothing()
        .returning({ badgeKey: userBadges.badgeKey });
      return rows.map((row) => row.badgeKey);
    },

    /** The keys of the badges held and each achievement's tier and progress, in one round trip. */
    async heldProgress(userId: string, executor: Db = db) {
      const rows = await executor
        .select({
          badge: sql<string | null>`null`,
          achievement: sql<string | null>`${achievements.achievementKey}`,
          tier: achievements.tier,
          progress: achievements.progress,
        })
        .from(achievements)
        .where(eq(achievements.userId, userId))
        .unionAll(
          executor
            .select({
              badge: sql<string | null>`${userBadges.badgeKey}`,
              achievement: sql<string | null>`null`,
              tier: sql<number>`0::smallint`,
              progress: sql<number>`0`,
            })
            .from(userBadges)
            .where(eq(userBadges.userId, userId)),
        );
      return {
        badges: rows.flatMap((row) => (row.badge === null ? [] : [row.badge])),
        achievements: rows.flatMap((row) =>
          row.achievement === null ? [] : [{ achievementKey: row.achievement, tier: row.tier, progress: row.progress }],
        ),
      };
    },

    async saveAchievements(tx: Db, userId: string, rows: { key: string; tier: number; progress: number }[]) {
      if (rows.length === 0) return;
      await tx
        .insert(achievements)
        .values(rows.map((row) => ({ userId, achievementKey: row.key, tier: row.tier, progress: row.progress })))
        .onConflictDoUpdate({
          target: [achievements.userId, achievements.achievementKey],
          set: { tier: sql`excluded.tier`, progress: sql`excluded.progress`, updatedAt: new Date() },
        });
    },
  };
}
