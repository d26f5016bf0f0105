import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { liveInvites, liveSeries, liveSessions } from './live.table.ts';
import { createLiveDirectoryRepository } from './live-directory.repository.ts';
import { createLiveRemindersRepository } from './live-reminders.repository.ts';
import type { LiveSeriesInsert, LiveSessionInsert, LiveSessionRow, Tx } from './live-rows.ts';
import { createLiveRsvpsRepository, createLiveWaitlistRepository } from './live-rsvps.repository.ts';
import { createLiveSessionsRepository } from './live-sessions.repository.ts';

export type {
  LiveRecipient,
  LiveSeriesInsert,
  LiveSessionDetail,
  LiveSessionInsert,
  LiveSessionRow,
  LiveViewer,
} from './live-rows.ts';

/** Creating and changing sessions, one session locked at a time. */
function createLiveSessionWritesRepository({ db }: { db: Db }) {
  return {
    /** Stores a series (when given), its occurrences and invitations in one transaction. */
    async createSessions(series: LiveSeriesInsert | null, rows: LiveSessionInsert[], inviteeIds: string[]) {
      return db.transaction(async (tx) => {
        const [created] = series ? await tx.insert(liveSeries).values(series).returning() : [];
        const sessions = await tx
          .insert(liveSessions)
          .values(rows.map((row) => ({ ...row, seriesId: created?.id ?? null })))
          .returning();
        const invites = sessions.flatMap((session) => inviteeIds.map((userId) => ({ sessionId: session.id, userId })));
        if (invites.length > 0) await tx.insert(liveInvites).values(invites).onConflictDoNothing();
        return sessions;
      });
    },
    /**
     * Runs `change` with the session row locked, so concurrent answers and capacity changes of one session happen one
     * after the other; answers the users moved off the waitlist.
     */
    async withSessionLocked<T>(sessionId: string, change: (tx: Tx, session: LiveSessionRow) => Promise<T>) {
      return db.transaction(async (tx) => {
        const [session] = await tx.select().from(liveSessions).where(eq(liveSessions.id, sessionId)).for('update');
        if (!session) return undefined;
        return change(tx, session);
      });
    },
    async lockSession(tx: Tx, sessionId: string) {
      const [session] = await tx.select().from(liveSessions).where(eq(liveSessions.id, sessionId)).for('update');
      return session;
    },
    async updateSession(tx: Tx, sessionId: string, set: Partial<LiveSessionInsert>) {
      const [row] = await tx
        .update(liveSessions)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(liveSessions.id, sessionId))
        .returning();
      return row;
    },
    async transaction<T>(work: (tx: Tx) => Promise<T>) {
      return db.transaction(work);
    },
  };
}

export function createLiveRepository(deps: { db: Db }) {
  return {
    ...createLiveSessionWritesRepository(deps),
    ...createLiveSessionsRepository(deps),
    ...createLiveRsvpsRepository(deps),
    ...createLiveWaitlistRepository(deps),
    ...createLiveDirectoryRepository(deps),
    ...createLiveRemindersRepository(deps),
  };
}
export type LiveRepository = ReturnType<typeof createLiveRepository>;
