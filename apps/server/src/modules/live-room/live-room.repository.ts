import { LIVE_ROOM_STALE_SECONDS } from '@portal/shared/live-room';
import { and, asc, count, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { liveRsvps, liveSessions, users } from '../../db/schema.ts';
import { liveAttendance, liveRoomParticipants, liveRoomState } from './live-room.table.ts';

export type LiveSessionRow = Pick<
  typeof liveSessions.$inferSelect,
  'id' | 'title' | 'hostId' | 'startsAt' | 'durationMinutes' | 'meetingUrl' | 'status'
>;
export type RoomStateRow = typeof liveRoomState.$inferSelect;

const staleBefore = (now: Date) => new Date(now.getTime() - LIVE_ROOM_STALE_SECONDS * 1000);

/** Sessions and RSVPs are read here, never written: they belong to the live sessions module. */
export function createLiveRoomRepository({ db }: { db: Db }) {
  return {
    async findSession(sessionId: string): Promise<LiveSessionRow | null> {
      const [row] = await db
        .select({
          id: liveSessions.id,
          title: liveSessions.title,
          hostId: liveSessions.hostId,
          startsAt: liveSessions.startsAt,
          durationMinutes: liveSessions.durationMinutes,
          meetingUrl: liveSessions.meetingUrl,
          status: liveSessions.status,
        })
        .from(liveSessions)
        .where(eq(liveSessions.id, sessionId));
      return row ?? null;
    },

    /** A 'going' answer that is not waiting on the waitlist. */
    async isGoing(sessionId: string, userId: string) {
      const [row] = await db
        .select({ userId: liveRsvps.userId })
        .from(liveRsvps)
        .where(
          and(
            eq(liveRsvps.sessionId, sessionId),
            eq(liveRsvps.userId, userId),
            eq(liveRsvps.response, 'going'),
            eq(liveRsvps.waitlisted, false),
          ),
        );
      return row !== undefined;
    },

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
      return db.transaction(async (tx) => {
        const mine = and(eq(liveAttendance.sessionId, sessionId), eq(liveAttendance.userId, userId));
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
        if (open) {
          const callTab = (claim ? tab : null) ?? open.callTab ?? tab;
          await tx.update(liveAttendance).set({ lastSeenAt: now, callTab }).where(eq(liveAttendance.id, open.id));
          return { opened: false, tabChanged: callTab !== open.callTab };
        }
        const inserted = await tx
          .insert(liveAttendance)
          .values({ sessionId, userId, joinedAt: now, lastSeenAt: now, callTab: tab })
          .onConflictDoNothing()
          .returning({ id: liveAttendance.id });
        if (inserted.length === 0) return { opened: false, tabChanged: false };
        // A hand raised in an earlier visit (left, or its heartbeats stopped) does not come back with the person.
        await tx
          .update(liveRoomParticipants)
          .set({ handRaisedAt: null })
          .where(and(eq(liveRoomParticipants.sessionId, sessionId), eq(liveRoomParticipants.userId, userId)));
        const [visits] = await tx.select({ total: count() }).from(liveAttendance).where(mine);
        if (visits?.total === 1) await onFirstVisit(tx);
        return { opened: true, tabChanged: false };
      });
    },

    /**
     * Closes the user's open visit and lowers their hand; false when there was none. Leaving from a tab that does not
     * hold the call (a second tab closing) leaves the visit open.
     */
    async closeVisit(sessionId: string, userId: string, now: Date, tab: string | null) {
      return db.transaction(async (tx) => {
        const closed = await tx
          .update(liveAttendance)
          .set({ leftAt: sql`greatest(${liveAttendance.joinedAt}, ${now.toISOString()}::timestamptz)` })
          .where(
            and(
              eq(liveAttendance.sessionId, sessionId),
              eq(liveAttendance.userId, userId),
              isNull(liveAttendance.leftAt),
              tab === null ? undefined : or(isNull(liveAttendance.callTab), eq(liveAttendance.callTab, tab)),
            ),
          )
          .returning({ id: liveAttendance.id });
        if (closed.length === 0) return false;
        await tx
          .update(liveRoomParticipants)
          .set({ handRaisedAt: null })
          .where(and(eq(liveRoomParticipants.sessionId, sessionId), eq(liveRoomParticipants.userId, userId)));
        return true;
      });
    },

    /** Who is in the room now (an open visit with a recent heartbeat), first arrived first. */
    async presentParticipants(sessionId: string, now: Date) {
      return db
        .select({
          userId: liveAttendance.userId,
          name: users.name,
          joinedAt: liveAttendance.joinedAt,
          muted: sql<boolean>`coalesce(${liveRoomParticipants.muted}, false)`,
          handRaisedAt: liveRoomParticipants.handRaisedAt,
          callTab: liveAttendance.callTab,
        })
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

    async participant(sessionId: string, userId: string) {
      const [row] = await db
        .select()
        .from(liveRoomParticipants)
        .where(and(eq(liveRoomParticipants.sessionId, sessionId), eq(liveRoomParticipants.userId, userId)));
      return row ?? null;
    },

    async setMuted(sessionId: string, userId: string, muted: boolean) {
      await db
        .insert(liveRoomParticipants)
        .values({ sessionId, userId, muted })
        .onConflictDoUpdate({ target: [liveRoomParticipants.sessionId, liveRoomParticipants.userId], set: { muted } });
    },

    /** Raising keeps the first raise time, so the queue keeps its order; lowering clears it. */
    async setHand(sessionId: string, userId: string, raisedAt: Date | null) {
      const set = raisedAt
        ? { handRaisedAt: sql`coalesce(${liveRoomParticipants.handRaisedAt}, ${raisedAt.toISOString()}::timestamptz)` }
        : { handRaisedAt: null };
      const changed = await db
        .update(liveRoomParticipants)
        .set(set)
        .where(and(eq(liveRoomParticipants.sessionId, sessionId), eq(liveRoomParticipants.userId, userId)))
        .returning({ userId: liveRoomParticipants.userId });
      return changed.length > 0;
    },

    async roomState(sessionId: string): Promise<RoomStateRow | null> {
      const [row] = await db.select().from(liveRoomState).where(eq(liveRoomState.sessionId, sessionId));
      return row ?? null;
    },

    async saveRoomState(
      sessionId: string,
      values: Partial<Omit<typeof liveRoomState.$inferInsert, 'sessionId'>>,
      now: Date,
    ) {
      await db
        .insert(liveRoomState)
        .values({ sessionId, ...values, updatedAt: now })
        .onConflictDoUpdate({ target: liveRoomState.sessionId, set: { ...values, updatedAt: now } });
    },

    /** Every visit of the room grouped per person: an unfinished visit counts up to its last heartbeat. */
    async attendance(sessionId: string) {
      const until = sql`coalesce(${liveAttendance.leftAt}, ${liveAttendance.lastSeenAt})`;
      return db
        .select({
          userId: liveAttendance.userId,
          name: users.name,
          firstJoinedAt: sql<Date>`min(${liveAttendance.joinedAt})`.mapWith(liveAttendance.joinedAt),
          lastLeftAt: sql<Date | null>`max(${liveAttendance.leftAt})`.mapWith(liveAttendance.leftAt),
          stillOpen: sql<number>`count(*) filter (where ${liveAttendance.leftAt} is null)`.mapWith(Number),
          totalSeconds:
            sql<number>`coalesce(sum(extract(epoch from (${until} - ${liveAttendance.joinedAt}))), 0)`.mapWith(Number),
          visits: count(),
        })
        .from(liveAttendance)
        .innerJoin(users, eq(users.id, liveAttendance.userId))
        .where(eq(liveAttendance.sessionId, sessionId))
        .groupBy(liveAttendance.userId, users.name)
        .orderBy(sql`min(${liveAttendance.joinedAt})`);
    },
  };
}

export type LiveRoomRepository = ReturnType<typeof createLiveRoomRepository>;
