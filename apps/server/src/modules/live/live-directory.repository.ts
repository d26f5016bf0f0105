import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courses, liveAttendance, profiles, users } from '../../db/schema.ts';
import { liveRsvps } from './live.table.ts';
import type { LiveRecipient } from './live-rows.ts';

const recipientColumns = {
  userId: users.id,
  email: users.email,
  primaryLanguage: profiles.primaryLanguage,
  timezone: profiles.timezone,
};

/** Whom to write to: the people who answered a session and those in its room. */
function createLiveRecipientReads({ db }: { db: Db }) {
  return {
    /** Whoever answered going or maybe (waitlisted included): they hear about changes. */
    async attendeesOf(sessionIds: string[]): Promise<(LiveRecipient & { sessionId: string })[]> {
      if (sessionIds.length === 0) return [];
      return db
        .select({ sessionId: liveRsvps.sessionId, ...recipientColumns })
        .from(liveRsvps)
        .innerJoin(users, eq(users.id, liveRsvps.userId))
        .leftJoin(profiles, eq(profiles.id, users.id))
        .where(and(inArray(liveRsvps.sessionId, sessionIds), inArray(liveRsvps.response, ['going', 'maybe'])));
    },
    /** Whoever has a visit of the session's room open (the live room's table, only read here). */
    async inRoomOf(sessionIds: string[]): Promise<{ sessionId: string; userId: string }[]> {
      if (sessionIds.length === 0) return [];
      return db
        .selectDistinct({ sessionId: liveAttendance.sessionId, userId: liveAttendance.userId })
        .from(liveAttendance)
        .where(and(inArray(liveAttendance.sessionId, sessionIds), isNull(liveAttendance.leftAt)));
    },
    async recipients(userIds: string[]): Promise<LiveRecipient[]> {
      if (userIds.length === 0) return [];
      return db
        .select(recipientColumns)
        .from(users)
        .leftJoin(profiles, eq(profiles.id, users.id))
        .where(inArray(users.id, userIds));
    },
  };
}

/** Whom to invite and which course a session is for. */
function createLiveInviteeAndCourseReads({ db }: { db: Db }) {
  return {
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
  };
}

/** The people and courses the hub looks up: whom to write to, whom to invite, which course a session is for. */
export function createLiveDirectoryRepository({ db }: { db: Db }) {
  return { ...createLiveRecipientReads({ db }), ...createLiveInviteeAndCourseReads({ db }) };
}
