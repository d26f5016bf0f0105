import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { readPart } from '../../read-together.ts';
import { achievements, userBadges } from './gamification.table.ts';
import { achievementsSaved, badgesGranted } from './gamification-writes.ts';

/** A learner's badges and tiered achievements: what an award reads and grants. */
export function createBadgesRepository(db: Db) {
  return {
    async listBadges(userId: string, executor: Db = db) {
      return executor.select().from(userBadges).where(eq(userBadges.userId, userId));
    },

    /**
     * Inserts the badges not held yet and saves the achievements' tiers and progress, in one statement; returns the
     * badge keys that were new.
     */
    async saveProgress(
      tx: Db,
      userId: string,
      badgeKeys: string[],
      rows: { key: string; tier: number; progress: number }[],
    ): Promise<string[]> {
      const granted = () => badgesGranted(tx, userId, badgeKeys);
      const saved = () => achievementsSaved(tx, userId, rows);
      if (rows.length === 0) return badgeKeys.length === 0 ? [] : (await granted()).map((row) => row.badgeKey);
      if (badgeKeys.length === 0) {
        await saved();
        return [];
      }
      const result = (await tx.execute(sql`with granted as (${granted().getSQL()}), saved as (${saved().getSQL()})
        select coalesce(json_agg(badge_key), '[]'::json) as keys from granted`)) as unknown as {
        rows: { keys: string[] }[];
      };
      return result.rows[0]?.keys ?? [];
    },

    /** The keys of the badges held and each achievement's tier and progress, to read with other parts. */
    heldProgressPart(userId: string | SQL) {
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
  };
}
