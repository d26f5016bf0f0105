import type { LiveFilter, LiveRsvpResponse } from '@portal/shared/live';
import { and, asc, eq, exists, gt, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../auth/auth.table.ts';
import { courses } from '../courses/courses.table.ts';
import { profiles } from '../profile/profile.table.ts';
import { courseProgress } from '../progress/progress.table.ts';
import { liveInvites, liveRemindersSent, liveRsvps, liveSeries, liveSessions } from './live.table.ts';

export type LiveSessionRow = typeof liveSessions.$inferSelect;
export type LiveSessionInsert = typeof liveSessions.$inferInsert;
export type LiveSeriesInsert = typeof liveSeries.$inferInsert;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who is looking: admins see everything; everyone else what the session's audience opens to them. */
export type LiveViewer = { userId: string; isAdmin: boolean; planMemberIds: string[] };

/** A person the hub writes to: their address, language and time zone. */
export type LiveRecipient = { userId: string; email: string; primaryLanguage: string | null; timezone: string | null };

const sessionColumns = {
  session: liveSessions,
  hostName: users.name,
  courseTitle: courses.title,
  goingCount: sql<number>`(select count(*)::int from live_rsvps r where r.session_id = ${liveSessions.id} and r.response = 'going' and not r.waitlisted)`,
  maybeCount: sql<number>`(select count(*)::int from live_rsvps r where r.session_id = ${liveSessions.id} and r.response = 'maybe')`,
  waitlistCount: sql<number>`(select count(*)::int from live_rsvps r where r.session_id = ${liveSessions.id} and r.response = 'going' and r.waitlisted)`,
};
export type LiveSessionDetail = {
  session: LiveSessionRow;
  hostName: string;
  courseTitle: string | null;
  goingCount: number;
  maybeCount: number;
  waitlistCount: number;
};

const enrolledCourses = (userId: string) =>
  sql`(select ${courseProgress.courseId} from ${courseProgress} where ${courseProgress.userId} = ${userId})`;

const hasRsvp = (db: Db, userId: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(liveRsvps)
      .where(and(eq(liveRsvps.sessionId, liveSessions.id), eq(liveRsvps.userId, userId))),
  );

/** The sessions a viewer may see (see the audience rules in @portal/shared/live). */
function visibleTo(db: Db, viewer: LiveViewer): SQL | undefined {
  if (viewer.isAdmin) return undefined;
  const invited = exists(
    db
      .select({ one: sql`1` })
      .from(liveInvites)
      .where(and(eq(liveInvites.sessionId, liveSessions.id), eq(liveInvites.userId, viewer.userId))),
  );
  return or(
    eq(liveSessions.hostId, viewer.userId),
    eq(liveSessions.audience, 'everyone'),
    and(eq(liveSessions.audience, 'course'), sql`${liveSessions.courseId} in ${enrolledCourses(viewer.userId)}`),
    and(eq(liveSessions.audience, 'shared_plan'), inArray(liveSessions.hostId, viewer.planMemberIds)),
    and(eq(liveSessions.audience, 'invited'), invited),
    hasRsvp(db, viewer.userId),
  );
}

function filterOf(db: Db, viewer: LiveViewer, filter: LiveFilter): SQL | undefined {
  if (filter === 'mine') {
    const answered = exists(
      db
        .select({ one: sql`1` })
        .from(liveRsvps)
        .where(
          and(
            eq(liveRsvps.sessionId, liveSessions.id),
            eq(liveRsvps.userId, viewer.userId),
            inArray(liveRsvps.response, ['going', 'maybe']),
          ),
        ),
    );
    return or(eq(liveSessions.hostId, viewer.userId), answered);
  }
  if (filter === 'courses') return sql`${liveSessions.courseId} in ${enrolledCourses(viewer.userId)}`;
  return undefined;
}

export function createLiveRepository({ db }: { db: Db }) {
  const selectSessions = (executor: Db | Tx = db) =>
    executor
      .select(sessionColumns)
      .from(liveSessions)
      .innerJoin(users, eq(users.id, liveSessions.hostId))
      .leftJoin(courses, eq(courses.id, liveSessions.courseId));

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

    async findDetail(sessionId: string, viewer?: LiveViewer): Promise<LiveSessionDetail | undefined> {
      const [row] = await selectSessions().where(
        and(eq(liveSessions.id, sessionId), viewer ? visibleTo(db, viewer) : undefined),
      );
      return row;
    },

    async listVisible(
      viewer: LiveViewer,
      {
        from,
        to,
        filter,
        limit,
        order = 'asc',
      }: { from?: Date; to?: Date; filter: LiveFilter; limit: number; order?: 'asc' | 'desc' },
    ): Promise<LiveSessionDetail[]> {
      return selectSessions()
        .where(
          and(
            visibleTo(db, viewer),
            filterOf(db, viewer, filter),
            from
              ? gt(sql`${liveSessions.startsAt} + make_interval(mins => ${liveSessions.durationMinutes})`, from)
              : undefined,
            to ? lt(liveSessions.startsAt, to) : undefined,
          ),
        )
        .orderBy(order === 'asc' ? asc(liveSessions.startsAt) : sql`${liveSessions.startsAt} desc`)
        .limit(limit);
    },

    /** The sessions of a series from a start on (the occurrence itself included). */
    async seriesFrom(seriesId: string, startsAt: Date) {
      return db
        .select()
        .from(liveSessions)
        .where(and(eq(liveSessions.seriesId, seriesId), gte(liveSessions.startsAt, startsAt)))
        .orderBy(asc(liveSessions.startsAt));
    },

    async myRsvps(userId: string, sessionIds: string[]) {
      if (sessionIds.length === 0) return [];
      return db
        .select()
        .from(liveRsvps)
        .where(and(eq(liveRsvps.userId, userId), inArray(liveRsvps.sessionId, sessionIds)));
    },

    /** Position (1-based) of a waitlisted user, by the time they answered. */
    async waitlistPosition(sessionId: string, userId: string) {
      const rows = await db
        .select({ userId: liveRsvps.userId })
        .from(liveRsvps)
        .where(and(eq(liveRsvps.sessionId, sessionId), eq(liveRsvps.response, 'going'), eq(liveRsvps.waitlisted, true)))
        .orderBy(asc(liveRsvps.respondedAt), asc(liveRsvps.userId));
      const index = rows.findIndex((row) => row.userId === userId);
      return index < 0 ? null : index + 1;
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

    async confirmedCount(tx: Tx, sessionId: string) {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(liveRsvps)
        .where(
          and(eq(liveRsvps.sessionId, sessionId), eq(liveRsvps.response, 'going'), eq(liveRsvps.waitlisted, false)),
        );
      return row?.count ?? 0;
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

    /** Moves the first `places` waitlisted users (by answer time) to confirmed; answers their ids. */
    async promoteFromWaitlist(tx: Tx, sessionId: string, places: number) {
      if (places <= 0) return [];
      const first = await tx
        .select({ userId: liveRsvps.userId })
        .from(liveRsvps)
        .where(and(eq(liveRsvps.sessionId, sessionId), eq(liveRsvps.response, 'going'), eq(liveRsvps.waitlisted, true)))
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

    /** Whoever answered going or maybe (waitlisted included): they hear about changes. */
    async attendeesOf(sessionIds: string[]): Promise<(LiveRecipient & { sessionId: string })[]> {
      if (sessionIds.length === 0) return [];
      return db
        .select({
          sessionId: liveRsvps.sessionId,
          userId: users.id,
          email: users.email,
          primaryLanguage: profiles.primaryLanguage,
          timezone: profiles.timezone,
        })
        .from(liveRsvps)
        .innerJoin(users, eq(users.id, liveRsvps.userId))
        .leftJoin(profiles, eq(profiles.id, users.id))
        .where(and(inArray(liveRsvps.sessionId, sessionIds), inArray(liveRsvps.response, ['going', 'maybe'])));
    },

    async recipients(userIds: string[]): Promise<LiveRecipient[]> {
      if (userIds.length === 0) return [];
      return db
        .select({
          userId: users.id,
          email: users.email,
          primaryLanguage: profiles.primaryLanguage,
          timezone: profiles.timezone,
        })
        .from(users)
        .leftJoin(profiles, eq(profiles.id, users.id))
        .where(inArray(users.id, userIds));
    },

    async usersByEmails(emails: string[]) {
      if (emails.length === 0) return [];
      return db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(
          inArray(
            sql`lower(${users.email})`,
            emails.map((email) => email.toLowerCase()),
          ),
        );
    },

    async coursesForScheduling(limit: number) {
      return db
        .select({ id: courses.id, title: courses.title })
        .from(courses)
        .where(eq(courses.status, 'published'))
        .orderBy(asc(courses.title))
        .limit(limit);
    },

    async courseExists(courseId: string) {
      const [row] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
      return row !== undefined;
    },

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

    /** Sessions a user hosts or answered going or maybe to, for the personal calendar feed. */
    async calendarSessionsOf(userId: string, since: Date) {
      return db
        .select()
        .from(liveSessions)
        .where(
          and(
            eq(liveSessions.status, 'scheduled'),
            gte(liveSessions.startsAt, since),
            or(
              eq(liveSessions.hostId, userId),
              exists(
                db
                  .select({ one: sql`1` })
                  .from(liveRsvps)
                  .where(
                    and(
                      eq(liveRsvps.sessionId, liveSessions.id),
                      eq(liveRsvps.userId, userId),
                      inArray(liveRsvps.response, ['going', 'maybe']),
                    ),
                  ),
              ),
            ),
          ),
        )
        .orderBy(asc(liveSessions.startsAt))
        .limit(500);
    },
  };
}
export type LiveRepository = ReturnType<typeof createLiveRepository>;
