import { type LiveEditScope, localOfInstant, type UpdateLiveSessionBody } from '@portal/shared/live';
import { AppError } from '../../errors.ts';
import type { LiveNoticeKind } from './live.mail.ts';
import type { LiveNotifier } from './live.notify.ts';
import { endOf } from './live.presenter.ts';
import type { LiveRepository, LiveSessionInsert, LiveSessionRow } from './live.repository.ts';
import type { LiveActor, LiveService, LiveWriteDeps } from './live.service.ts';

/** Changes attendees hear about; a recording link or a capacity change alone is no news to them. */
const NEWSWORTHY = ['title', 'description', 'start_local', 'time_zone', 'duration_minutes', 'meeting_url'] as const;
const ALL_PLACES = 100_000;

const invalid = (message: string) => new AppError('validation_failed', message);
const cancelled = () => new AppError('conflict', 'This session is cancelled; schedule a new one instead.');

type Promoted = { session: LiveSessionRow; userIds: string[] };
type Viewer = Awaited<ReturnType<LiveService['ownSession']>>['viewer'];
type Plan = { target: LiveSessionRow; startsAt: Date }[];

function changesOf(body: UpdateLiveSessionBody, startsAt: Date): Partial<LiveSessionInsert> {
  return {
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.course_id !== undefined ? { courseId: body.course_id } : {}),
    ...(body.time_zone !== undefined ? { timeZone: body.time_zone } : {}),
    ...(body.duration_minutes !== undefined ? { durationMinutes: body.duration_minutes } : {}),
    ...(body.capacity !== undefined ? { capacity: body.capacity } : {}),
    ...(body.meeting_url !== undefined ? { meetingUrl: body.meeting_url } : {}),
    ...(body.recording_url !== undefined ? { recordingUrl: body.recording_url } : {}),
    startsAt,
  };
}

/** The session the actor may change, unless it is cancelled already. */
async function changeableSession(live: LiveService, actor: LiveActor, sessionId: string) {
  const owned = await live.ownSession(actor, sessionId);
  if (owned.session.status === 'cancelled') throw cancelled();
  return owned;
}

async function scheduledTargets(live: LiveService, session: LiveSessionRow, scope: LiveEditScope) {
  return (await live.targetsOf(session, scope)).filter((row) => row.status === 'scheduled');
}

/** Where each target starts after the edit; a move into the past is refused. */
function startsAfterEdit({
  live,
  session,
  targets,
  body,
  at,
}: {
  live: LiveService;
  session: LiveSessionRow;
  targets: LiveSessionRow[];
  body: UpdateLiveSessionBody;
  at: Date;
}): Plan {
  const moves = body.start_local !== undefined || body.time_zone !== undefined;
  const timeZone = body.time_zone ?? session.timeZone;
  const startLocal = body.start_local ?? localOfInstant(session.startsAt, session.timeZone);
  const plan = targets.map((target) => ({
    target,
    startsAt: moves ? live.movedStart(target, session, startLocal, timeZone) : target.startsAt,
  }));
  if (moves && plan.some(({ startsAt }) => startsAt.getTime() <= at.getTime())) {
    throw invalid('A session cannot start in the past.');
  }
  return plan;
}

/** Writes the edit to each target, keeping its confirmed places, and fills new places from the waitlist. */
async function applyEdit(repository: LiveRepository, plan: Plan, body: UpdateLiveSessionBody) {
  return repository.transaction(async (tx) => {
    const rows: LiveSessionRow[] = [];
    const moved: Promoted[] = [];
    for (const { target, startsAt } of plan) {
      await repository.lockSession(tx, target.id);
      const confirmed = await repository.confirmedCount(tx, target.id);
      if (body.capacity !== undefined && body.capacity !== null && body.capacity < confirmed) {
        throw invalid(`${confirmed} learners are confirmed; the capacity cannot be lower than that.`);
      }
      const row = await repository.updateSession(tx, target.id, changesOf(body, startsAt));
      if (!row) continue;
      rows.push(row);
      if (body.capacity !== undefined) {
        const places = body.capacity === null ? ALL_PLACES : body.capacity - confirmed;
        const userIds = await repository.promoteFromWaitlist(tx, target.id, places);
        if (userIds.length > 0) moved.push({ session: row, userIds });
      }
    }
    return { updated: rows, promoted: moved };
  });
}

async function cancelAll(repository: LiveRepository, targets: LiveSessionRow[]) {
  return repository.transaction(async (tx) => {
    const rows: LiveSessionRow[] = [];
    for (const target of targets) {
      const row = await repository.updateSession(tx, target.id, { status: 'cancelled' });
      if (row) rows.push(row);
    }
    return rows;
  });
}

async function presentChanged(live: LiveService, viewer: Viewer, rows: LiveSessionRow[]) {
  return {
    sessions: await live.presentIds(
      viewer,
      rows.map((row) => row.id),
    ),
  };
}

/** Telling attendees, people in the room and those promoted from the waitlist about a change. */
function createLiveNews({ repository, notifier }: { repository: LiveRepository; notifier: LiveNotifier }) {
  /** Each attendee hears once per change, about the first session of the change they attend. */
  async function tellAttendees(sessions: LiveSessionRow[], kind: LiveNoticeKind, exceptUserId: string) {
    const attendees = await repository.attendeesOf(sessions.map((session) => session.id));
    const told = new Set<string>([exceptUserId]);
    const toldAbout = new Set<string>();
    for (const session of sessions) {
      for (const attendee of attendees.filter((row) => row.sessionId === session.id)) {
        if (told.has(attendee.userId)) continue;
        told.add(attendee.userId);
        toldAbout.add(`${session.id}:${attendee.userId}`);
        await notifier.tell(attendee, session, kind);
      }
    }
    return toldAbout;
  }

  /** Everyone in a session's room now sees the change there at once: admins and the owner are no attendees. */
  async function tellRooms(sessions: LiveSessionRow[], kind: LiveNoticeKind, toldAbout: Set<string>) {
    const inRoom = await repository.inRoomOf(sessions.map((session) => session.id));
    for (const session of sessions) {
      for (const { userId } of inRoom.filter((row) => row.sessionId === session.id)) {
        if (!toldAbout.has(`${session.id}:${userId}`)) await notifier.push(userId, session, kind);
      }
    }
  }

  async function tellPromoted(promoted: Promoted[]) {
    for (const { session, userIds } of promoted) {
      await notifier.tellAll(await repository.recipients(userIds), session, 'promoted');
    }
  }

  return { tellAttendees, tellRooms, tellPromoted };
}

/** Editing and cancelling sessions (one occurrence, or it and the later ones of its series), telling attendees. */
export function createLiveChangesService({ repository, live, notifier, now }: LiveWriteDeps) {
  const news = createLiveNews({ repository, notifier });
  return {
    async update(actor: LiveActor, sessionId: string, body: UpdateLiveSessionBody) {
      const { viewer, session } = await changeableSession(live, actor, sessionId);
      await live.checkCourse(body.course_id);
      if (body.course_id === null && session.audience === 'course') {
        throw invalid('A session for the learners of a course needs its course.');
      }
      const targets = await scheduledTargets(live, session, body.scope);
      const plan = startsAfterEdit({ live, session, targets, body, at: now() });
      const { updated, promoted } = await applyEdit(repository, plan, body);
      if (NEWSWORTHY.some((field) => body[field] !== undefined)) {
        await news.tellRooms(updated, 'updated', await news.tellAttendees(updated, 'updated', actor.id));
      }
      await news.tellPromoted(promoted);
      return presentChanged(live, viewer, updated);
    },

    async cancel(actor: LiveActor, sessionId: string, scope: LiveEditScope) {
      const { viewer, session } = await changeableSession(live, actor, sessionId);
      if (endOf(session) <= now()) throw new AppError('conflict', 'This session is over; it cannot be cancelled.');
      const updated = await cancelAll(repository, await scheduledTargets(live, session, scope));
      await news.tellRooms(updated, 'cancelled', await news.tellAttendees(updated, 'cancelled', actor.id));
      return presentChanged(live, viewer, updated);
    },
  };
}
export type LiveChangesService = ReturnType<typeof createLiveChangesService>;
