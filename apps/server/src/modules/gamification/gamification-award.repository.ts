import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jsonDate, readPart } from '../../read-together.ts';
import { type streaks, userXp, xpAccounts } from './gamification.table.ts';
import { achievementsSaved, badgesGranted, freezeDaysAdded, streakSaved } from './gamification-writes.ts';

type AccountRow = typeof xpAccounts.$inferSelect;
type StreakRow = typeof streaks.$inferSelect;

/** A learner's XP account as read, with the version of its row (PostgreSQL's `xmin`). */
export type VersionedAccount = AccountRow & { version: string };

/** Everything one award writes, decided from what was read (`planAward`). */
export type AwardWrite = {
  ledger: Omit<typeof userXp.$inferInsert, 'id'> & { xp: number };
  streak: { row: Omit<StreakRow, 'updatedAt'>; frozenDays: string[] } | null;
  badgeKeys: string[];
  achievements: { key: string; tier: number; progress: number }[];
};

/**
 * The statement's last column fails to convert when the account was not the version read, or the key was used: the
 * whole statement, whose steps are all written by then, is undone.
 */
const CHANGED_SINCE_READ = 'xp account changed since it was read';

type AccountJson = Omit<AccountRow, 'doubleXpUntil' | 'updatedAt'> & {
  doubleXpUntil: string | null;
  updatedAt: string;
  version: string;
};

/** Writing an award in one statement, against the version of the learner's account read before. */
export function createAwardWrites(db: Db) {
  return {
    /** The learner's account with its version, null when they have none yet; to read with other parts. */
    versionedAccountPart(userId: string) {
      return readPart(
        sql`select json_build_object('userId', a.user_id, 'totalXp', a.total_xp, 'spentXp', a.spent_xp,
          'doubleXpUntil', a.double_xp_until, 'leaderboardOptIn', a.leaderboard_opt_in,
          'equippedTheme', a.equipped_theme, 'equippedFrame', a.equipped_frame, 'updatedAt', a.updated_at,
          'version', a.xmin::text)
          from ${xpAccounts} a where a.user_id = ${userId}`,
        (value): VersionedAccount | null => {
          if (!value) return null;
          const json = value as AccountJson;
          return { ...json, doubleXpUntil: jsonDate(json.doubleXpUntil), updatedAt: new Date(json.updatedAt) };
        },
      );
    },

    /**
     * Writes an award in one statement: the ledger row, the XP credited to the account, the streak moved (with the
     * days its freezes covered), the badges granted and the achievements moved forward. Only if the account is still
     * the version read (`version`) and the key unused: every award, purchase and streak change of the learner changes
     * the account row first, so its version vouches for everything the award was decided from. Outside a transaction
     * nothing is locked across round trips; inside the caller's transaction when given one. Returns the badge keys
     * granted, or undefined (and nothing written) when the account changed since it was read: the caller then decides
     * again under the account's lock.
     */
    async saveAward(
      version: string,
      write: AwardWrite,
      executor: Db = db,
    ): Promise<{ grantedBadges: string[] } | undefined> {
      const { userId } = write.ledger;
      const steps: SQL[] = [
        sql`credited as (${executor
          .update(xpAccounts)
          .set({ totalXp: sql`${xpAccounts.totalXp} + ${write.ledger.xp}`, updatedAt: sql`now()` })
          .where(and(eq(xpAccounts.userId, userId), sql`${xpAccounts}.xmin::text = ${version}`))
          .returning({ userId: xpAccounts.userId })
          .getSQL()})`,
        sql`inserted as (${executor
          .insert(userXp)
          .values(write.ledger)
          .onConflictDoNothing({ target: [userXp.userId, userXp.idempotencyKey] })
          .returning({ id: userXp.id })
          .getSQL()})`,
      ];
      const { streak } = write;
      if (streak) {
        steps.push(sql`streak as (${streakSaved(executor, streak.row).getSQL()})`);
        if (streak.frozenDays.length > 0) {
          const days = freezeDaysAdded(executor, userId, streak.row.streakType, streak.frozenDays);
          steps.push(sql`frozen as (${days.getSQL()})`);
        }
      }
      if (write.badgeKeys.length > 0) {
        steps.push(sql`granted as (${badgesGranted(executor, userId, write.badgeKeys).getSQL()})`);
      }
      if (write.achievements.length > 0) {
        steps.push(sql`saved as (${achievementsSaved(executor, userId, write.achievements).getSQL()})`);
      }
      const granted =
        write.badgeKeys.length > 0
          ? sql`(select coalesce(json_agg(badge_key), '[]'::json) from granted)`
          : sql`'[]'::json`;
      try {
        const result = (await executor.execute(sql`with ${sql.join(steps, sql`, `)}
          select ${granted} as granted,
            (case when (select count(*) from credited) = 1 and (select count(*) from inserted) = 1 then null
              else ${CHANGED_SINCE_READ} end)::int as unchanged`)) as unknown as { rows: { granted: string[] }[] };
        return { grantedBadges: result.rows[0]?.granted ?? [] };
      } catch (error) {
        if (error instanceof Error && changedSinceRead(error)) return undefined;
        throw error;
      }
    },
  };
}

/** Whether the statement was undone because the account changed since it was read (see `CHANGED_SINCE_READ`). */
function changedSinceRead(error: Error): boolean {
  const causes = [error, (error as { cause?: unknown }).cause];
  return causes.some((cause) => cause instanceof Error && cause.message.includes(CHANGED_SINCE_READ));
}
