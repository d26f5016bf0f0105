import type { LiveFilter } from '@portal/shared/live';
import { and, asc, eq, exists, gt, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courseProgress, courses, users } from '../../db/schema.ts';
import { liveInvites, liveRsvps, liveSessions } from './live.table.ts';
import type { LiveSessionDetail, LiveViewer } from './live-rows.ts';

const sessionColumns = {
  session: liveSessions,
  hostName: users.name,
  courseTitle: courses.title,
  goingCount: sql<number>`(select count(*)::int from live_rsvps r where r.session_id = ${liveSessions.id} and r.response = 'going' and not r.waitlisted)`,
  maybeCount: sql<number>`(select count(*)::int from live_rsvps r where r.session_id = ${liveSessions.id} and r.response = 'maybe')`,
  waitlistCount: sql<number>`(select count(*)::int from live_rsvps r where r.session_id = ${liveSessions.id} and r.response = 'going' and r.waitlisted)`,
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

/** Sessions the user hosts or answered going or maybe to. */
const hostsOrAttends = (db: Db, userId: string) =>
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
  );

function filterOf(db: Db, viewer: LiveViewer, filter: LiveFilter): SQL | undefined {
  if (filter === 'mine') return hostsOrAttends(db, viewer.userId);
  if (filter === 'courses') return sql`${liveSessions.courseId} in ${enrolledCourses(viewer.userId)}`;
  return undefined;
}

const selectSessions = (db: Db) =>
  db
    .select(sessionColumns)
    .from(liveSessions)
    .innerJoin(users, eq(users.id, liveSessions.hostId))
    .leftJoin(courses, eq(courses.id, liveSessions.courseId));

type ListOptions = { from?: Date; to?: Date; filter: LiveFilter; limit: number; order?: 'asc' | 'desc' };

function listVisibleSessions(
  db: Db,
  viewer: LiveViewer,
  { from, to, filter, limit, order = 'asc' }: ListOptions,
): Promise<LiveSessionDetail[]> {
  return selectSessions(db)
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
}

/** Sessions as the hub lists them: visible to the viewer, with host, course and answer counts. */
export function createLiveSessionsRepository({ db }: { db: Db }) {
  return {
    async findDetail(sessionId: string, viewer?: LiveViewer): Promise<LiveSessionDetail | undefined> {
      const [row] = await selectSessions(db).where(
        and(eq(liveSessions.id, sessionId), viewer ? visibleTo(db, viewer) : undefined),
      );
      return row;
    },
    async listVisible(viewer: LiveViewer, options: ListOptions): Promise<LiveSessionDetail[]> {
      return listVisibleSessions(db, viewer, options);
    },
    /** The sessions of a series from a start on (the occurrence itself included). */
    async seriesFrom(seriesId: string, startsAt: Date) {
      return db
        .select()
        .from(liveSessions)
        .where(and(eq(liveSessions.seriesId, seriesId), gte(liveSessions.startsAt, startsAt)))
        .orderBy(asc(liveSessions.startsAt));
    },
    /** Sessions a user hosts or answered going or maybe to, for the personal calendar feed. */
    async calendarSessionsOf(userId: string, since: Date) {
      return db
        .select()
        .from(liveSessions)
        .where(and(eq(liveSessions.status, 'scheduled'), gte(liveSessions.startsAt, since), hostsOrAttends(db, userId)))
        .orderBy(asc(liveSessions.startsAt))
        .limit(500);
    },
  };
}
