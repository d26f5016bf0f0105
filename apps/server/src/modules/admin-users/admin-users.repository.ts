import type { AdminUserFilters } from '@portal/shared/admin-users';
import { type Role, resolveRole } from '@portal/shared/roles';
import { and, desc, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  auditEvents,
  courseProgress,
  courses,
  profiles,
  sessions,
  subscriptions,
  userRoles,
  users,
  xpAccounts,
} from '../../db/schema.ts';
import { isAccountSuspended } from './account-suspension.ts';
import { decodeCursor, type ListedUserRow, listUsersSql } from './admin-users.query.ts';
import { accountStates } from './admin-users.table.ts';

/** Role changes and suspensions take this lock, so concurrent ones cannot leave the portal without an admin. */
const ADMIN_SET_LOCK = 0x61646d6e;

type Outcome = 'changed' | 'unchanged' | 'last_admin';

/** Admins who are not suspended, apart from `exceptUserId`. */
async function otherActiveAdmins(executor: Db, exceptUserId: string): Promise<number> {
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(accountStates)
    .where(
      and(eq(accountStates.role, 'admin'), ne(accountStates.userId, exceptUserId), isNull(accountStates.suspendedAt)),
    );
  return row?.count ?? 0;
}

/**
 * Makes `role` the user's only role. Demoting the last active admin is refused (`last_admin`) under a lock, so
 * two admins demoting each other at once cannot leave none.
 */
function setRole(db: Db, userId: string, role: Role): Promise<Outcome> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_SET_LOCK})`);
    const current = await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
    const isAdmin = current.some((row) => row.role === 'admin');
    if (resolveRole(current) === role) return 'unchanged';
    if (isAdmin && role !== 'admin' && (await otherActiveAdmins(tx as unknown as Db, userId)) === 0) {
      return 'last_admin';
    }
    await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), ne(userRoles.role, role)));
    await tx.insert(userRoles).values({ userId, role }).onConflictDoNothing();
    return 'changed';
  });
}

/** Suspends the account and ends its sessions in one transaction; the last active admin is refused. */
function suspend(db: Db, userId: string, adminId: string, at: Date): Promise<Outcome> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_SET_LOCK})`);
    const [state] = await tx.select().from(accountStates).where(eq(accountStates.userId, userId)).for('update');
    if (state?.suspendedAt) {
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      return 'unchanged';
    }
    const admin = await tx
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'admin')));
    if (admin.length > 0 && (await otherActiveAdmins(tx as unknown as Db, userId)) === 0) return 'last_admin';
    await tx
      .insert(accountStates)
      .values({ userId, suspendedAt: at, suspendedBy: adminId })
      .onConflictDoUpdate({ target: accountStates.userId, set: { suspendedAt: at, suspendedBy: adminId } });
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    return 'changed';
  });
}

/** The directory's reads: the list page and who a user is. */
function createDirectoryReads(db: Db) {
  return {
    async listUsers(input: { filters: AdminUserFilters; cursor: string | undefined; limit: number; now: Date }) {
      const position = input.cursor ? decodeCursor(input.cursor, input.filters) : null;
      const query = listUsersSql({ filters: input.filters, cursor: position, limit: input.limit, now: input.now });
      return ((await db.execute(query)) as unknown as { rows: ListedUserRow[] }).rows;
    },

    async findUser(userId: string) {
      const [row] = await db
        .select({ user: users, state: accountStates })
        .from(users)
        .leftJoin(accountStates, eq(accountStates.userId, users.id))
        .where(eq(users.id, userId));
      return row;
    },

    async findByEmail(email: string) {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      return row;
    },

    async rolesOf(userId: string) {
      return db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
    },
  };
}

/** The user page's account facts: profile, plan, sessions and recent activity. */
function createAccountReads(db: Db) {
  return {
    async profileOf(userId: string) {
      const [row] = await db.select().from(profiles).where(eq(profiles.id, userId));
      return row;
    },

    async subscriptionOf(userId: string) {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      return row;
    },

    async activeSessions(userId: string, now: Date) {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
        .orderBy(desc(sessions.updatedAt));
    },

    async recentActivity(userId: string, limit: number) {
      return db
        .select({ action: auditEvents.action, createdAt: auditEvents.createdAt, actorId: auditEvents.actorId })
        .from(auditEvents)
        .where(eq(auditEvents.userId, userId))
        .orderBy(desc(auditEvents.createdAt))
        .limit(limit);
    },
  };
}

/** The user page's learning facts: XP and courses. */
function createLearningReads(db: Db) {
  return {
    async totalXp(userId: string) {
      const [row] = await db
        .select({ totalXp: xpAccounts.totalXp })
        .from(xpAccounts)
        .where(eq(xpAccounts.userId, userId));
      return row?.totalXp ?? 0;
    },

    async enrolments(userId: string) {
      return db
        .select({
          courseId: courseProgress.courseId,
          title: courses.title,
          percent: courseProgress.percent,
          completedAt: courseProgress.completedAt,
        })
        .from(courseProgress)
        .innerJoin(courses, eq(courses.id, courseProgress.courseId))
        .where(eq(courseProgress.userId, userId))
        .orderBy(desc(courseProgress.lastActivityAt));
    },
  };
}

/** Role, suspension and session changes. */
function createAccountStateWrites(db: Db) {
  return {
    setRole: (userId: string, role: Role) => setRole(db, userId, role),
    suspend: (userId: string, adminId: string, at: Date) => suspend(db, userId, adminId, at),

    async reactivate(userId: string): Promise<boolean> {
      const updated = await db
        .update(accountStates)
        .set({ suspendedAt: null, suspendedBy: null })
        .where(and(eq(accountStates.userId, userId), isNotNull(accountStates.suspendedAt)))
        .returning({ userId: accountStates.userId });
      return updated.length > 0;
    },

    isSuspended: (userId: string) => isAccountSuspended(db, userId),

    /** Whether the user is an admin and no other active admin is left. */
    async isLastActiveAdmin(userId: string): Promise<boolean> {
      const roles = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
      return resolveRole(roles) === 'admin' && (await otherActiveAdmins(db, userId)) === 0;
    },

    /** Ends every session of the user; answers how many there were. */
    async endSessions(userId: string): Promise<number> {
      const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
      return ended.length;
    },

    /** Notes a signed-in request; writes at most once per `everyMs` per user. */
    async touchLastActive(userId: string, at: Date, everyMs: number) {
      const before = new Date(at.getTime() - everyMs);
      await db
        .update(accountStates)
        .set({ lastActiveAt: at })
        .where(and(eq(accountStates.userId, userId), sql`${accountStates.lastActiveAt} < ${before}`));
    },
  };
}

export function createAdminUsersRepository({ db }: { db: Db }) {
  return {
    ...createDirectoryReads(db),
    ...createAccountReads(db),
    ...createLearningReads(db),
    ...createAccountStateWrites(db),
  };
}
export type AdminUsersRepository = ReturnType<typeof createAdminUsersRepository>;
