import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, users } from '../../db/schema.ts';
import { betaUpdateReceipts, betaUpdates } from './beta.table.ts';

export type BetaUpdateRow = typeof betaUpdates.$inferSelect;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

const updateColumns = {
  id: betaUpdates.id,
  title: betaUpdates.title,
  message: betaUpdates.message,
  type: betaUpdates.type,
  createdAt: betaUpdates.createdAt,
};

/** This user's receipt of the update in the row. */
const receiptOf = (userId: string) =>
  and(eq(betaUpdateReceipts.updateId, betaUpdates.id), eq(betaUpdateReceipts.userId, userId));

/** Users ordered by email after `afterEmail`; beta users only unless a search is given. */
function listUsers(
  db: Db,
  { search, afterEmail, limit }: { search: string | null; afterEmail: string | null; limit: number },
) {
  // The same expression as the users console's trigram index, so a search stays fast with many users.
  const filter = search
    ? sql`lower(${users.name} || ' ' || ${users.email} || ' ' || coalesce(${users.phoneNumber}, '')) like ${likePattern(search.toLowerCase())}`
    : eq(profiles.betaAccess, true);
  return db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      betaAccess: sql<boolean>`coalesce(${profiles.betaAccess}, false)`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(and(filter, afterEmail === null ? undefined : gt(users.email, afterEmail)))
    .orderBy(users.email)
    .limit(limit);
}

/** Sets the flag with the profile row locked; null when the user has no profile. */
function setBetaAccess(db: Db, userId: string, betaAccess: boolean) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ betaAccess: profiles.betaAccess })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for('update');
    if (!row) return null;
    if (row.betaAccess !== betaAccess) {
      await tx.update(profiles).set({ betaAccess, updatedAt: new Date() }).where(eq(profiles.id, userId));
    }
    return { before: row.betaAccess, after: betaAccess };
  });
}

/** Newest updates with their reach among today's beta users (one aggregate query). */
function listUpdatesWithReach(db: Db, limit: number) {
  const reached = sql`${betaUpdateReceipts.deliveredAt} is not null or ${betaUpdateReceipts.readAt} is not null`;
  return db
    .select({
      ...updateColumns,
      postedBy: users.name,
      deliveredLive: sql<number>`(select count(*)::int from ${betaUpdateReceipts}
        where ${betaUpdateReceipts.updateId} = ${betaUpdates.id} and ${betaUpdateReceipts.deliveredAt} is not null)`,
      readLater: sql<number>`(select count(*)::int from ${betaUpdateReceipts}
        where ${betaUpdateReceipts.updateId} = ${betaUpdates.id} and ${betaUpdateReceipts.deliveredAt} is null
          and ${betaUpdateReceipts.readAt} is not null)`,
      notYetRead: sql<number>`(select count(*)::int from ${profiles} where ${profiles.betaAccess} and not exists (
        select 1 from ${betaUpdateReceipts} where ${betaUpdateReceipts.updateId} = ${betaUpdates.id}
          and ${betaUpdateReceipts.userId} = ${profiles.id} and (${reached})))`,
    })
    .from(betaUpdates)
    .leftJoin(users, eq(users.id, betaUpdates.createdBy))
    .orderBy(desc(betaUpdates.createdAt), desc(betaUpdates.id))
    .limit(limit);
}

/** Who is in the beta programme. */
function createBetaMembers(db: Db) {
  /** Which of these users have beta access right now. */
  async function betaUsersAmong(userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.betaAccess, true), inArray(profiles.id, [...userIds])));
    return new Set(rows.map((row) => row.id));
  }
  return {
    betaUsersAmong,
    isBetaUser: async (userId: string) => (await betaUsersAmong([userId])).has(userId),
    async userExists(userId: string) {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      return row !== undefined;
    },
    setBetaAccess: (userId: string, betaAccess: boolean) => setBetaAccess(db, userId, betaAccess),
    listUsers: (query: { search: string | null; afterEmail: string | null; limit: number }) => listUsers(db, query),
    async countBetaUsers() {
      const [row] = await db.select({ total: count() }).from(profiles).where(eq(profiles.betaAccess, true));
      return row?.total ?? 0;
    },
  };
}

/** Posted updates and each user's feed of them. */
function createBetaUpdates(db: Db) {
  return {
    async insertUpdate(values: typeof betaUpdates.$inferInsert) {
      const [row] = await db.insert(betaUpdates).values(values).returning();
      if (!row) throw new Error('Beta update missing after insert');
      return row;
    },
    async updateExists(updateId: string) {
      const [row] = await db.select({ id: betaUpdates.id }).from(betaUpdates).where(eq(betaUpdates.id, updateId));
      return row !== undefined;
    },
    listUpdatesWithReach: (limit: number) => listUpdatesWithReach(db, limit),
    /** The newest updates with whether this user has seen each. */
    async feedOf(userId: string, limit: number) {
      return db
        .select({
          ...updateColumns,
          read: sql<boolean>`(${betaUpdateReceipts.readAt} is not null or ${betaUpdateReceipts.deliveredAt} is not null)`,
        })
        .from(betaUpdates)
        .leftJoin(betaUpdateReceipts, receiptOf(userId))
        .orderBy(desc(betaUpdates.createdAt), desc(betaUpdates.id))
        .limit(limit);
    },
    async unreadCount(userId: string) {
      const [row] = await db
        .select({ total: count() })
        .from(betaUpdates)
        .leftJoin(betaUpdateReceipts, receiptOf(userId))
        .where(and(isNull(betaUpdateReceipts.readAt), isNull(betaUpdateReceipts.deliveredAt)));
      return row?.total ?? 0;
    },
  };
}

/** When each user was shown or read each update. */
function createBetaReceipts(db: Db) {
  /** Records a moment on the user's receipt, keeping the first one. */
  const upsertReceipt = (values: typeof betaUpdateReceipts.$inferInsert, moment: 'deliveredAt' | 'readAt') =>
    db
      .insert(betaUpdateReceipts)
      .values(values)
      .onConflictDoUpdate({
        target: [betaUpdateReceipts.updateId, betaUpdateReceipts.userId],
        set: {
          [moment]: sql`coalesce(${betaUpdateReceipts[moment]}, ${values[moment]?.toISOString() ?? null}::timestamptz)`,
        },
      });

  return {
    /** Keeps the first time: a second tab or a repeated request changes nothing. */
    async markDelivered(userId: string, updateId: string, at: Date) {
      await upsertReceipt({ updateId, userId, deliveredAt: at }, 'deliveredAt');
    },
    async markRead(userId: string, updateId: string, at: Date) {
      await upsertReceipt({ updateId, userId, readAt: at }, 'readAt');
    },
    async markAllRead(userId: string, at: Date) {
      await db.execute(sql`insert into ${betaUpdateReceipts} (update_id, user_id, read_at)
        select ${betaUpdates.id}, ${userId}, ${at.toISOString()}::timestamptz from ${betaUpdates}
        on conflict (update_id, user_id) do update set read_at = coalesce(${betaUpdateReceipts.readAt}, excluded.read_at)`);
    },
  };
}

export function createBetaRepository({ db }: { db: Db }) {
  return { ...createBetaMembers(db), ...createBetaUpdates(db), ...createBetaReceipts(db) };
}
export type BetaRepository = ReturnType<typeof createBetaRepository>;
