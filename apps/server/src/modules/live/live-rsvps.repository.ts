import type { LiveRsvpResponse } from '@portal/shared/live';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { liveRsvps } from './live.table.ts';
import type { Tx } from './live-rows.ts';

/** Answers of going that wait for a place. */
const waitlisted = (sessionId: string) =>
  and(eq(liveRsvps.sessionId, sessionId), eq(liveRsvps.response, 'going'), eq(liveRsvps.waitlisted, true));

/** Answers to sessions: going, maybe or not going. */
export function createLiveRsvpsRepository({ db }: { db: Db }) {
  return {
    async myRsvps(userId: string, sessionIds: string[]) {
      if (sessionIds.length === 0) return [];
      return db
        .select()
        .from(liveRsvps)
        .where(and(eq(liveRsvps.userId, userId), inArray(liveRsvps.sessionId, sessionIds)));
    },
    async rsvpOf(tx: Tx, sessionId: string, userId: string) {
      const [row] = await tx
        .select()
        .from(liveRsvps)
        .where(and(eq(liveRsvps.sessionId, sessionId), eq(liveRsvps.userId, userId)));
      return row;
    },
    async saveRsvp(
      tx: Tx,
      row: { sessionId: string; userId: string; response: LiveRsvpResponse; waitlisted: boolean },
    ) {
      // The database's own clock orders the waitlist: answers are counted one after the other under the row lock.
      const respondedAt = sql`clock_timestamp()`;
      await tx
        .insert(liveRsvps)
        .values({ ...row, respondedAt })
        .onConflictDoUpdate({
          target: [liveRsvps.sessionId, liveRsvps.userId],
          set: { response: row.response, waitlisted: row.waitlisted, respondedAt },
        });
    },
  };
}

/** Who waits for a place at a full session, in the order they answered. */
export function createLiveWaitlistRepository({ db }: { db: Db }) {
  return {
    /** Position (1-based) of a waitlisted user, by the time they answered. */
    async waitlistPosition(sessionId: string, userId: string) {
      const rows = await db
        .select({ userId: liveRsvps.userId })
        .from(liveRsvps)
        .where(waitlisted(sessionId))
        .orderBy(asc(liveRsvps.respondedAt), asc(liveRsvps.userId));
      const index = rows.findIndex((row) => row.userId === userId);
      return index < 0 ? null : index + 1;
    },
    async confirmedCount(tx: Tx, sessionId: string) {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(liveRsvps)
        .where(
          and(eq(liveRsvps.sessionId, sessionId), eq(liveRsvps.response, 'going'), eq(liveRsvps.waitlisted, false)),
        );
      return row?.count ?? 0;
    },
    /** Moves the first `places` waitlisted users (by answer time) to confirmed; answers their ids. */
    async promoteFromWaitlist(tx: Tx, sessionId: string, places: number) {
      if (places <= 0) return [];
      const first = await tx
        .select({ userId: liveRsvps.userId })
        .from(liveRsvps)
        .where(waitlisted(sessionId))
        .orderBy(asc(liveRsvps.respondedAt), asc(liveRsvps.userId))
        .limit(places);
      const ids = first.map((row) => row.userId);
      if (ids.length === 0) return [];
      await tx
        .update(liveRsvps)
        .set({ waitlisted: false })
        .where(and(eq(liveRsvps.sessionId, sessionId), inArray(liveRsvps.userId, ids)));
      return ids;
    },
  };
}
