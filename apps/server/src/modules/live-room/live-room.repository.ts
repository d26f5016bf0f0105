import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { liveRsvps, liveSessions, users } from '../../db/schema.ts';
import { liveRoomParticipants, liveRoomState } from './live-room.table.ts';
import { createRoomPresenceReads, createRoomVisits } from './live-room-visits.repository.ts';

export type LiveSessionRow = Pick<
  typeof liveSessions.$inferSelect,
  'id' | 'title' | 'hostId' | 'startsAt' | 'durationMinutes' | 'meetingUrl' | 'status'
>;
export type RoomStateRow = typeof liveRoomState.$inferSelect;

const sessionColumns = {
  id: liveSessions.id,
  title: liveSessions.title,
  hostId: liveSessions.hostId,
  startsAt: liveSessions.startsAt,
  durationMinutes: liveSessions.durationMinutes,
  meetingUrl: liveSessions.meetingUrl,
  status: liveSessions.status,
};

const participantOf = (sessionId: string, userId: string) =>
  and(eq(liveRoomParticipants.sessionId, sessionId), eq(liveRoomParticipants.userId, userId));

function createSessionReads(db: Db) {
  return {
    async findSession(sessionId: string): Promise<LiveSessionRow | null> {
      const [row] = await db.select(sessionColumns).from(liveSessions).where(eq(liveSessions.id, sessionId));
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
  };
}

function createParticipantRows(db: Db) {
  return {
    async participant(sessionId: string, userId: string) {
      const [row] = await db.select().from(liveRoomParticipants).where(participantOf(sessionId, userId));
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
        .where(participantOf(sessionId, userId))
        .returning({ userId: liveRoomParticipants.userId });
      return changed.length > 0;
    },
  };
}

function createRoomStateRows(db: Db) {
  return {
    async roomState(sessionId: string): Promise<RoomStateRow | null> {
      const [row] = await db.select().from(liveRoomState).where(eq(liveRoomState.sessionId, sessionId));
      return row ?? null;
    },

    /** The name of a person, for a host who is not in the room; null for an account erased meanwhile. */
    async nameOf(userId: string): Promise<string | null> {
      const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
      return row?.name ?? null;
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
  };
}

/** Sessions and RSVPs are read here, never written: they belong to the live sessions module. */
export function createLiveRoomRepository({ db }: { db: Db }) {
  return {
    ...createSessionReads(db),
    ...createRoomVisits(db),
    ...createRoomPresenceReads(db),
    ...createParticipantRows(db),
    ...createRoomStateRows(db),
  };
}

export type LiveRoomRepository = ReturnType<typeof createLiveRoomRepository>;
