import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { readPart } from '../../read-together.ts';
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

    /** The keys of the badges held and each achievement's tier and progress, to read with other parts. */
    heldProgressPart(userId: string) {
      return readPart(
        sql`select json_build_object(
          'badges', (select coalesce(json_agg(b.badge_key), '[]'::json) from ${userBadges} b where b.user_id = ${userId}),
          'achievements', (select coalesce(json_agg(json_build_object('achievementKey', a.achievement_key,
              'tier', a.tier, 'progress', a.progress)), '[]'::json)
            from ${achievements} a where a.user_id = ${userId}))`,
        (value) =>
          value as { badges: string[]; achievements: { achievementKey: string; tier: number; progress: number }[] },
      );
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
