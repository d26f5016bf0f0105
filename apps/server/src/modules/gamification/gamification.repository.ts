import type { ShopItemDefinition } from '@portal/shared/gamification-catalog';
import {
  DEFAULT_GAMIFICATION_SETTINGS,
  type GamificationSettings,
  gamificationSettingsSchema,
} from '@portal/shared/gamification-settings';
import type { StreakType } from '@portal/shared/streak-days';
import { and, desc, eq, getTableColumns, gte, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema.ts';
import { dayTotalsPart, type ReadPart, readTogether } from '../../read-together.ts';
import {
  gamificationSettings,
  purchases,
  shopItems,
  streakFreezeDays,
  streaks,
  userXp,
  xpAccounts,
} from './gamification.table.ts';
import { createAwardRepository, type VersionedAccount } from './gamification-award.repository.ts';
import { createBadgesRepository } from './gamification-badges.repository.ts';
import { createStatsReads } from './gamification-stats.repository.ts';
import { freezeDaysAdded, streakSaved } from './gamification-writes.ts';

export type AccountRow = typeof xpAccounts.$inferSelect;
export type StreakRow = typeof streaks.$inferSelect;
export type ShopItemRow = typeof shopItems.$inferSelect;
export type LedgerRow = typeof userXp.$inferSelect;
type LeaderboardRow = {
  rank: number;
  user_id: string;
  xp: number;
  total_xp: number;
  display_name: string | null;
  full_name: string | null;
};

/** The account of a learner who never earned XP (no row yet). */
export const emptyAccount = (userId: string): AccountRow => ({
  userId,
  totalXp: 0,
  spentXp: 0,
  doubleXpUntil: null,
  leaderboardOptIn: false,
  equippedTheme: null,
  equippedFrame: null,
  updatedAt: new Date(0),
});

/** The learner's XP account: created and locked by awards and purchases, read everywhere. */
function createAccountRepository(db: Db) {
  return {
    transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx as unknown as Db));
    },

    /**
     * Creates the learner's account row if missing and locks it until the transaction ends. The no-op update makes a
     * new version of the row, so an award decided from an earlier read (`saveAwards`) sees that something changed.
     */
    async lockAccount(tx: Db, userId: string): Promise<VersionedAccount> {
      // One statement: the no-op update on conflict takes the row lock and returns the row.
      const [row] = await tx
        .insert(xpAccounts)
        .values({ userId })
        .onConflictDoUpdate({ target: xpAccounts.userId, set: { userId: sql`excluded.user_id` } })
        .returning({ ...getTableColumns(xpAccounts), version: sql<string>`${xpAccounts}.xmin::text` });
      if (!row) throw new Error('XP account missing after upsert');
      return row;
    },

    async findAccount(userId: string, executor: Db = db): Promise<AccountRow> {
      const [row] = await executor.select().from(xpAccounts).where(eq(xpAccounts.userId, userId));
      return row ?? emptyAccount(userId);
    },

    async updateAccount(
      tx: Db,
      userId: string,
      changes: Partial<Omit<AccountRow, 'userId' | 'totalXp' | 'spentXp'>> & { addXp?: number; addSpent?: number },
    ): Promise<AccountRow> {
      const { addXp = 0, addSpent = 0, ...rest } = changes;
      const [row] = await tx
        .update(xpAccounts)
        .set({
          ...rest,
          totalXp: sql`${xpAccounts.totalXp} + ${addXp}`,
          spentXp: sql`${xpAccounts.spentXp} + ${addSpent}`,
          updatedAt: new Date(),
        })
        .where(eq(xpAccounts.userId, userId))
        .returning();
      if (!row) throw new Error('XP account missing');
      return row;
    },
  };
}

function xpByDayQuery(userId: string, range: { from: Date; to: Date; timeZone: string }) {
  return sql`
    select to_char((x.created_at at time zone ${range.timeZone})::date, 'YYYY-MM-DD') as day, sum(x.xp)::int as total
    from ${userXp} x
    where x.user_id = ${userId} and x.kind = 'award'
      and x.created_at >= ${range.from.toISOString()} and x.created_at < ${range.to.toISOString()}
    group by 1`;
}

/** The XP ledger: one row per award or purchase, its key used once. */
function createLedgerRepository(db: Db) {
  return {
    /** Inserts a ledger row unless its key was used; undefined when it was. */
    async insertLedgerEntry(tx: Db, entry: Omit<typeof userXp.$inferInsert, 'id'>): Promise<LedgerRow | undefined> {
      const [row] = await tx
        .insert(userXp)
        .values(entry)
        .onConflictDoNothing({ target: [userXp.userId, userXp.idempotencyKey] })
        .returning();
      return row;
    },

    /** Reads parts in one statement, inside the caller's transaction when given one. */
    readTogether: <Parts extends Record<string, ReadPart<unknown>>>(parts: Parts, executor: Db = db) =>
      readTogether(executor, parts),

    async recentAwards(userId: string, limit: number): Promise<LedgerRow[]> {
      return db
        .select()
        .from(userXp)
        .where(and(eq(userXp.userId, userId), eq(userXp.kind, 'award')))
        .orderBy(desc(userXp.createdAt), desc(userXp.id))
        .limit(limit);
    },

    /** Local days with learning XP between two days (both included). */
    async learningDays(userId: string, fromDay: string, toDay: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ day: userXp.localDay })
        .from(userXp)
        .where(
          and(
            eq(userXp.userId, userId),
            eq(userXp.kind, 'award'),
            ne(userXp.eventType, 'daily_login'),
            gte(userXp.localDay, fromDay),
            lte(userXp.localDay, toDay),
          ),
        );
      return rows.map((row) => row.day);
    },

    /** XP awarded per local day (`YYYY-MM-DD` in `timeZone`) between two instants, to read with others. */
    xpByDayPart(userId: string, range: { from: Date; to: Date; timeZone: string }) {
      return dayTotalsPart(xpByDayQuery(userId, range));
    },
  };
}

/** Streaks and the days frozen in them. */
function createStreakRepository(db: Db) {
  return {
    async findStreak(userId: string, streakType: StreakType, executor: Db = db): Promise<StreakRow | undefined> {
      const [row] = await executor
        .select()
        .from(streaks)
        .where(and(eq(streaks.userId, userId), eq(streaks.streakType, streakType)));
      return row;
    },

    async listStreaks(userId: string): Promise<StreakRow[]> {
      return db.select().from(streaks).where(eq(streaks.userId, userId));
    },

    async saveStreak(tx: Db, row: Omit<StreakRow, 'updatedAt'>) {
      await streakSaved(tx, row);
    },

    async addFreezeDays(tx: Db, userId: string, streakType: StreakType, days: string[]) {
      if (days.length > 0) await freezeDaysAdded(tx, userId, streakType, days);
    },

    async freezeDays(userId: string, streakType: StreakType, fromDay: string, toDay: string): Promise<string[]> {
      const rows = await db
        .select({ day: streakFreezeDays.day })
        .from(streakFreezeDays)
        .where(
          and(
            eq(streakFreezeDays.userId, userId),
            eq(streakFreezeDays.streakType, streakType),
            gte(streakFreezeDays.day, fromDay),
            lte(streakFreezeDays.day, toDay),
          ),
        );
      return rows.map((row) => row.day);
    },
  };
}

/** The shop row of a catalogue item, sorted in catalogue order. */
function shopItemRow(item: ShopItemDefinition, index: number) {
  return {
    id: item.id,
    kind: item.kind,
    name: item.name,
    cost: item.cost,
    maxHeld: item.maxHeld,
    durationMinutes: item.durationMinutes,
    sortOrder: index,
  };
}

/** The shop's items and what learners bought. */
function createShopRepository(db: Db) {
  return {
    async ensureShopItems(items: readonly ShopItemDefinition[]) {
      await db.insert(shopItems).values(items.map(shopItemRow)).onConflictDoNothing();
    },

    async listShopItems(): Promise<ShopItemRow[]> {
      return db.select().from(shopItems).where(eq(shopItems.active, true)).orderBy(shopItems.sortOrder);
    },

    async findShopItem(id: string): Promise<ShopItemRow | undefined> {
      const [row] = await db
        .select()
        .from(shopItems)
        .where(and(eq(shopItems.id, id), eq(shopItems.active, true)));
      return row;
    },

    async findPurchase(tx: Db, userId: string, idempotencyKey: string) {
      const [row] = await tx
        .select()
        .from(purchases)
        .where(and(eq(purchases.userId, userId), eq(purchases.idempotencyKey, idempotencyKey)));
      return row;
    },

    async insertPurchase(tx: Db, row: { userId: string; itemId: string; cost: number; idempotencyKey: string }) {
      await tx.insert(purchases).values(row);
    },

    async ownedItemIds(userId: string, executor: Db = db): Promise<Set<string>> {
      const rows = await executor
        .selectDistinct({ itemId: purchases.itemId })
        .from(purchases)
        .where(eq(purchases.userId, userId));
      return new Set(rows.map((row) => row.itemId));
    },
  };
}

/** Rules added after the row was saved fall back to their defaults. */
function settingsWithDefaults(saved: GamificationSettings): GamificationSettings {
  const merged = {
    ...DEFAULT_GAMIFICATION_SETTINGS,
    ...saved,
    xp_rules: { ...DEFAULT_GAMIFICATION_SETTINGS.xp_rules, ...saved.xp_rules },
    badge_thresholds: { ...DEFAULT_GAMIFICATION_SETTINGS.badge_thresholds, ...saved.badge_thresholds },
  };
  const parsed = gamificationSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_GAMIFICATION_SETTINGS;
}

function leaderboardQuery(userId: string, since: Date, neighbours: number) {
  return sql`
    with board as (
      select a.user_id, a.total_xp,
        coalesce(sum(x.xp) filter (where x.kind = 'award'), 0)::int as xp
      from ${xpAccounts} a
      left join ${userXp} x on x.user_id = a.user_id and x.created_at >= ${since.toISOString()}::timestamptz
      where a.leaderboard_opt_in
      group by a.user_id, a.total_xp
    ),
    ranked as (
      select board.*, (row_number() over (order by xp desc, total_xp desc, user_id))::int as rank from board
    ),
    me as (select rank from ranked where user_id = ${userId})
    select ranked.rank, ranked.user_id, ranked.xp, ranked.total_xp, p.display_name, p.full_name
    from ranked
    join me on ranked.rank between me.rank - ${neighbours} and me.rank + ${neighbours}
    left join ${profiles} p on p.id = ranked.user_id
    order by ranked.rank`;
}

/** The admin thresholds (one row) and the opt-in leaderboard. */
function createSettingsRepository(db: Db) {
  return {
    async loadSettings(): Promise<{ settings: GamificationSettings; updatedAt: Date | null }> {
      const [row] = await db.select().from(gamificationSettings).where(eq(gamificationSettings.id, 1));
      if (!row) return { settings: DEFAULT_GAMIFICATION_SETTINGS, updatedAt: null };
      return { settings: settingsWithDefaults(row.settings), updatedAt: row.updatedAt };
    },

    async saveSettings(settings: GamificationSettings, updatedBy: string) {
      const [row] = await db
        .insert(gamificationSettings)
        .values({ id: 1, settings, updatedBy })
        .onConflictDoUpdate({ target: gamificationSettings.id, set: { settings, updatedBy, updatedAt: new Date() } })
        .returning();
      return row;
    },

    async setLeaderboardOptIn(userId: string, optedIn: boolean) {
      await db
        .insert(xpAccounts)
        .values({ userId, leaderboardOptIn: optedIn })
        .onConflictDoUpdate({ target: xpAccounts.userId, set: { leaderboardOptIn: optedIn, updatedAt: new Date() } });
    },

    /**
     * The opted-in learners ranked by XP earned since `since`, around `userId`: `neighbours` above and below.
     * Only names and numbers leave here, never ids.
     */
    async leaderboardAround(userId: string, { since, neighbours }: { since: Date; neighbours: number }) {
      const result = (await db.execute(leaderboardQuery(userId, since, neighbours))) as unknown as {
        rows: LeaderboardRow[];
      };
      return result.rows;
    },
  };
}

/** Every query takes the learner's id from the caller (the session), never from a request body. */
export function createGamificationRepository({ db }: { db: Db }) {
  const statsReads = createStatsReads(db);
  const badges = createBadgesRepository(db);
  return {
    ...statsReads,
    ...badges,
    ...createAwardRepository(db, { streaksPart: statsReads.streaksPart, heldProgressPart: badges.heldProgressPart }),
    ...createAccountRepository(db),
    ...createLedgerRepository(db),
    ...createStreakRepository(db),
    ...createShopRepository(db),
    ...createSettingsRepository(db),
  };
}
export type GamificationRepository = ReturnType<typeof createGamificationRepository>;
