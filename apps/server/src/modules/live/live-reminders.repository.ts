import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { liveRemindersSent, liveSessions } from './live.table.ts';

/** Reminders before a session starts, each sent once across instances. */
export function createLiveRemindersRepository({ db }: { db: Db }) {
  return {
    /**
     * Reminders due at `now`: the '24h' one from 24 hours to 15 minutes before the start, the '15m' one in the last 15
     * minutes; for the host and for attendees going (confirmed) or maybe, of scheduled sessions only.
     */
    async dueReminders(now: Date) {
      const kind = sql<
        '24h' | '15m'
      >`case when ${liveSessions.startsAt} - interval '15 minutes' <= ${now} then '15m' else '24h' end`;
      const people = sql`(
        select r.user_id from live_rsvps r
        where r.session_id = ${liveSessions.id}
          and ((r.response = 'going' and not r.waitlisted) or r.response = 'maybe')
        union select ${liveSessions.hostId}
      )`;
      return db
        .select({ session: liveSessions, userId: users.id, kind })
        .from(liveSessions)
        .innerJoin(users, sql`${users.id} in ${people}`)
        .where(
          and(
            eq(liveSessions.status, 'scheduled'),
            gt(liveSessions.startsAt, now),
            sql`${liveSessions.startsAt} - interval '24 hours' <= ${now}`,
            sql`not exists (select 1 from ${liveRemindersSent} s where s.session_id = ${liveSessions.id}
              and s.user_id = ${users.id} and s.starts_at = ${liveSessions.startsAt}
              and s.kind = case when ${liveSessions.startsAt} - interval '15 minutes' <= ${now} then '15m' else '24h' end)`,
          ),
        );
    },
    /** Claims one reminder; false when another run (on any instance) already claimed it. */
    async claimReminder(row: { sessionId: string; userId: string; kind: '24h' | '15m'; startsAt: Date }) {
      const claimed = await db.insert(liveRemindersSent).values(row).onConflictDoNothing().returning();
      return claimed.length > 0;
    },
  };
}
