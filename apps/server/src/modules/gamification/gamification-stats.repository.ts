import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { readPart, readTogether } from '../../read-together.ts';
import { achievements, streaks, userBadges, userXp, xpAccounts } from './gamification.table.ts';

type StreakRow = typeof streaks.$inferSelect;

type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

type AccountJson = Json<{
  user_id: string;
  total_xp: number;
  spent_xp: number;
  double_xp_until: Date | null;
  leaderboard_opt_in: boolean;
  equipped_theme: string | null;
  equipped_frame: string | null;
  updated_at: Date;
}>;
type StreakJson = Json<{
  user_id: string;
  streak_type: 'learning' | 'login';
  current_length: number;
  longest_length: number;
  last_active_day: string | null;
  last_counted_day: string | null;
  freezes_held: number;
  freezes_used: number;
  time_zone: string;
  updated_at: Date;
}>;
type AwardJson = Json<{ id: string; event_type: string; xp: number; multiplier: number; created_at: Date }>;

const date = (value: string) => new Date(value);

/**
 * What get_user_stats shows, in one round trip instead of five: the account, streaks, badge keys, achievement tiers
 * and the latest awards, each read by the learner's id through its own index.
 */
const streakFromJson = (streak: StreakJson): StreakRow => ({
  userId: streak.user_id,
  streakType: streak.streak_type,
  currentLength: streak.current_length,
  longestLength: streak.longest_length,
  lastActiveDay: streak.last_active_day,
  lastCountedDay: streak.last_counted_day,
  freezesHeld: streak.freezes_held,
  freezesUsed: streak.freezes_used,
  timeZone: streak.time_zone,
  updatedAt: date(streak.updated_at),
});

type SnapshotJson = {
  account: AccountJson | null;
  streaks: StreakJson[];
  badges: string[];
  achievements: Array<{ key: string; tier: number }>;
  recent: AwardJson[];
};

function snapshotFrom(row: SnapshotJson | null) {
  const account = row?.account;
  return {
    account: account
      ? {
          userId: account.user_id,
          totalXp: account.total_xp,
          spentXp: account.spent_xp,
          doubleXpUntil: account.double_xp_until === null ? null : date(account.double_xp_until),
          leaderboardOptIn: account.leaderboard_opt_in,
          equippedTheme: account.equipped_theme,
          equippedFrame: account.equipped_frame,
          updatedAt: date(account.updated_at),
        }
      : undefined,
    streaks: (row?.streaks ?? []).map(streakFromJson),
    badgeKeys: row?.badges ?? [],
    achievementTiers: row?.achievements ?? [],
    recent: (row?.recent ?? []).map((award) => ({
      id: award.id,
      eventType: award.event_type,
      xp: award.xp,
      multiplier: award.multiplier,
      createdAt: date(award.created_at),
    })),
  };
}
export type StatsSnapshot = ReturnType<typeof snapshotFrom>;

/**
 * What get_user_stats shows, in one round trip instead of five: the account, streaks, badge keys, achievement tiers
 * and the latest awards, each read by the learner's id through its own index.
 */
export function createStatsReads(db: Db) {
  const statsSnapshotPart = (userId: string, recentLimit: number) =>
    readPart(
      sql`select json_build_object(
        'account', (select row_to_json(a) from ${xpAccounts} a where a.user_id = ${userId}),
        'streaks', (select coalesce(json_agg(s), '[]'::json) from ${streaks} s where s.user_id = ${userId}),
        'badges', (select coalesce(json_agg(b.badge_key), '[]'::json) from ${userBadges} b where b.user_id = ${userId}),
        'achievements', (select coalesce(json_agg(json_build_object('key', c.achievement_key, 'tier', c.tier)), '[]'::json)
          from ${achievements} c where c.user_id = ${userId}),
        'recent', (select coalesce(json_agg(r), '[]'::json) from (
          select x.id, x.event_type, x.xp, x.multiplier, x.created_at from ${userXp} x
          where x.user_id = ${userId} and x.kind = 'award'
          order by x.created_at desc, x.id desc limit ${recentLimit}) r))`,
      (value) => snapshotFrom(value as SnapshotJson | null),
    );
  return {
    statsSnapshotPart,
    /** Both of the learner's streak rows (learning, login) that exist, to read with other parts. */
    streaksPart: (userId: string | SQL) =>
      readPart(sql`select coalesce(json_agg(s), '[]'::json) from ${streaks} s where s.user_id = ${userId}`, (value) =>
        (value as StreakJson[]).map(streakFromJson),
      ),
    async statsSnapshot(userId: string, recentLimit: number) {
      return (await readTogether(db, { snapshot: statsSnapshotPart(userId, recentLimit) })).snapshot;
    },
  };
}
