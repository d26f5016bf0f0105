import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { calendarFeeds } from './calendar.table.ts';

export function createCalendarRepository({ db }: { db: Db }) {
  return {
    async findByUserId(userId: string) {
      const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
      return row ?? null;
    },
    /** Replaces the user's feed token, so any previous link stops working at once. */
    async replace(userId: string, tokenHash: string) {
      const [row] = await db
        .insert(calendarFeeds)
        .values({ userId, tokenHash })
        .onConflictDoUpdate({
          target: calendarFeeds.userId,
          set: { tokenHash, createdAt: sql`now()`, lastFetchedAt: null },
        })
        .returning();
      if (!row) throw new Error('calendar feed not stored');
      return row;
    },
    async delete(userId: string) {
      const rows = await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId)).returning();
      return rows.length > 0;
    },
    /** The owner of the feed with this token hash, stamping when a calendar last read it. */
    async touchByTokenHash(tokenHash: string) {
      const [row] = await db
        .update(calendarFeeds)
        .set({ lastFetchedAt: sql`now()` })
        .where(eq(calendarFeeds.tokenHash, tokenHash))
        .returning({ userId: calendarFeeds.userId });
      return row?.userId ?? null;
    },
  };
}
export type CalendarRepository = ReturnType<typeof createCalendarRepository>;
