import { LIVE_ROOM_STALE_SECONDS } from '@portal/shared/live-room';
import { and, asc, count, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { liveAttendance, liveRoomParticipants } from './live-room.table.ts';

const staleBefore = (now: Date) => new Date(now.getTime() - LIVE_ROOM_STALE_SECONDS * 1000);

const visitsOf = (sessionId: string, userId: string) =>
  and(eq(liveAttendance.sessionId, sessionId), eq(liveAttendance.userId, userId));

const presentColumns = {
  userId: liveAttendance.userId,
  name: users.name,
  joinedAt: liveAttendance.joinedAt,
  muted: sql<boolean>`coalesce(${liveRoomParticipants.muted}, false)`,
  handRaisedAt: liveRoomParticipants.handRaisedAt,
  callTab: liveAttendance.callTab,
};

const visitEnd = sql`coalesce(${liveAttendance.leftAt}, ${liveAttendance.lastSeenAt})`;

const attendanceColumns = {
  userId: liveAttendance.userId,
  name: users.name,
  firstJoinedAt: sql<Date>`min(${liveAttendance.joinedAt})`.mapWith(liveAttendance.joinedAt),
  lastLeftAt: sql<Date | null>`max(${liveAttendance.leftAt})`.mapWith(liveAttendance.leftAt),
  stillOpen: sql<number>`count(*) filter (where ${liveAttendance.leftAt} is null)`.mapWith(Number),
  totalSeconds: sql<number>`coalesce(sum(extract(epoch from (${visitEnd} - ${liveAttendance.joinedAt}))), 0)`.mapWith(
    Number,
  ),
  visits: count(),
};

async function lowerHand(tx: Db, sessionId: string, userId: string) {
  await tx
    .update(liveRoomParticipants)
    .set({ handRaisedAt: null })
    .where(and(eq(liveRoomParticipants.sessionId, sessionId), eq(liveRoomParticipants.userId, userId)));
}

/** Starts a new visit; `onFirstVisit` runs when it is the user's first visit of the room. */
async function startVisit(
  tx: Db,
  { sessionId, userId, now, tab }: { sessionId: string; userId: string; now: Date; tab: string | null },
  onFirstVisit: (tx: Db) => Promise<void>,
) {
  const inserted = await tx
    .insert(liveAttendance)
    .values({ sessionId, userId, joinedAt: now, lastSeenAt: now, callTab: tab })
    .onConflictDoNothing()
    .returning({ id: liveAttendance.id });
  if (inserted.length === 0) return { opened: false, tabChanged: false };
  // A hand raised in an earlier visit (left, or its heartbeats stopped) does not come back with the person.
  await lowerHand(tx, sessionId, userId);
  const [visits] = await tx.select({ total: count() }).from(liveAttendance).where(visitsOf(sessionId, userId));
  if (visits?.total === 1) await onFirstVisit(tx);
  return { opened: true, tabChanged: false };
}

/** Closes a visit whose heartbeats stopped, then keeps the open visit going or starts a new one. */
async function keepVisitOpen(
  tx: Db,
  {
    sessionId,
    userId,
    now,
    tab,
    claim,
  }: { sessionId: string; userId: string; now: Date; tab: string | null; claim: boolean },
  onFirstVisit: (tx: Db) => Promise<void>,
) {
  const mine = visitsOf(sessionId, userId);
  await tx
    .update(liveAttendance)
    .set({ leftAt: liveAttendance.lastSeenAt })
    .where(and(mine, isNull(liveAttendance.leftAt), lt(liveAttendance.lastSeenAt, staleBefore(now))));
  const [open] = await tx
    .select({ id: liveAttendance.id, callTab: liveAttendance.callTab })
    .from(liveAttendance)
    .where(and(mine, isNull(liveAttendance.leftAt)))
    .for('update');
  await tx.insert(liveRoomParticipants).values({ sessionId, userId }).onConflictDoNothing();
  if (!open) return startVisit(tx, { sessionId, userId, now, tab }, onFirstVisit);
  const callTab = (claim ? tab : null) ?? open.callTab ?? tab;
  await tx.update(liveAttendance).set({ lastSeenAt: now, callTab }).where(eq(liveAttendance.id, open.id));
  return { opened: false, tabChanged: callTab !== open.callTab };
}

/**
 * The call leaves the tab that held it, while another tab of the user keeps the visit open (its next entry takes the
 * call); false when that tab did not hold the call, or there is no open visit.
 */
async function releaseCallTab(
  db: Db,
  { sessionId, userId, tab }: { sessionId: string; userId: string; tab: string | null },
) {
  if (tab === null) return false;
  const released = await db
    .update(liveAttendance)
    .set({ callTab: null })
    .where(and(visitsOf(sessionId, userId), isNull(liveAttendance.leftAt), eq(liveAttendance.callTab, tab)))
    .returning({ id: liveAttendance.id });
  return released.length > 0;
}

/** Visits of a room: entering, the heartbeat and leaving. */
export function createRoomVisits(db: Db) {
  return {
    /**
     * Keeps the user's visit open (a heartbeat or an entry): a visit whose heartbeats stopped is closed at its last
     * heartbeat and a new one starts. `onFirstVisit` runs in the same transaction when the user's first visit starts.
     * The visit's call is held by the tab that claimed it last (or by the first tab seen). Answers whether a new visit
     * started and whether the tab holding the call changed.
     */
    async markPresent(
      sessionId: string,
      userId: string,
      now: Date,
      { tab, claim }: { tab: string | null; claim: boolean },
      onFirstVisit: (tx: Db) => Promise<void>,
    ) {
      return db.transaction((tx) => keepVisitOpen(tx, { sessionId, userId, now, tab, claim }, onFirstVisit));
    },

    releaseCallTab: (sessionId: string, userId: string, tab: string | null) =>
      releaseCallTab(db, { sessionId, userId, tab }),

    /**
     * Closes the user's open visit and lowers their hand; false when there was none. Leaving from a tab that does not
     * hold the call (a second tab closing) leaves the visit open.
     */
    async closeVisit(sessionId: string, userId: string, now: Date, tab: string | null) {
      return db.transaction(async (tx) => {
        const heldByTab =
          tab === null ? undefined : or(isNull(liveAttendance.callTab), eq(liveAttendance.callTab, tab));
        const closed = await tx
          .update(liveAttendance)
          .set({ leftAt: sql`greatest(${liveAttendance.joinedAt}, ${now.toISOString()}::timestamptz)` })
          .where(and(visitsOf(sessionId, userId), isNull(liveAttendance.leftAt), heldByTab))
          .returning({ id: liveAttendance.id });
        if (closed.length === 0) return false;
        await lowerHand(tx, sessionId, userId);
        return true;
      });
    },
  };
}

/** Who is in a room now, and everyone who ever was. */
export function createRoomPresenceReads(db: Db) {
  return {
    /** Who is in the room now (an open visit with a recent heartbeat), first arrived first. */
    async presentParticipants(sessionId: string, now: Date) {
      return db
        .select(presentColumns)
        .from(liveAttendance)
        .innerJoin(users, eq(users.id, liveAttendance.userId))
        .leftJoin(
          liveRoomParticipants,
          and(
            eq(liveRoomParticipants.sessionId, liveAttendance.sessionId),
            eq(liveRoomParticipants.userId, liveAttendance.userId),
          ),
        )
        .where(
          and(
            eq(liveAttendance.sessionId, sessionId),
            isNull(liveAttendance.leftAt),
            gte(liveAttendance.lastSeenAt, staleBefore(now)),
          ),
        )
        .orderBy(asc(liveAttendance.joinedAt), asc(liveAttendance.userId));
    },

    /** Every visit of the room grouped per person: an unfinished visit counts up to its last heartbeat. */
    async attendance(sessionId: string) {
      return db
        .select(attendanceColumns)
        .from(liveAttendance)
        .innerJoin(users, eq(users.id, liveAttendance.userId))
        .where(eq(liveAttendance.sessionId, sessionId))
        .groupBy(liveAttendance.userId, users.name)
        .orderBy(sql`min(${liveAttendance.joinedAt})`);
    },
  };
}
