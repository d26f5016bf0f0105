import { type LiveEditScope, localOfInstant, type UpdateLiveSessionBody } from '@portal/shared/live';
import { AppError } from '../../errors.ts';
import type { LiveNoticeKind } from './live.mail.ts';
import type { LiveNotifier } from './live.notify.ts';
import { endOf } from './live.presenter.ts';
import type { LiveRepository, LiveSessionInsert, LiveSessionRow } from './live.repository.ts';
import type { LiveActor, LiveService } from './live.service.ts';

/** Changes attendees hear about; a recording link or a capacity change alone is no news to them. */
const NEWSWORTHY = ['title', 'description', 'start_local', 'time_zone', 'duration_minutes', 'meeting_url'] as const;
const ALL_PLACES = 100_000;

const invalid = (message: string) => new AppError('validation_failed', message);
const cancelled = () => new AppError('conflict', 'This session is cancelled; schedule a new one instead.');

/** Editing and cancelling sessions (one occurrence, or it and the later ones of its series), telling attendees. */
export function createLiveChangesService({
  repository,
  live,
  notifier,
  now,
}: {
  repository: LiveRepository;
  live: LiveService;
  notifier: LiveNotifier;
  now: () => Date;
}) {
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

  async function tellPromoted(promoted: { session: LiveSessionRow; userIds: string[] }[]) {
    for (const { session, userIds } of promoted) {
      await notifier.tellAll(await repository.recipients(userIds), session, 'promoted');
    }
  }

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

  return {
    async update(actor: LiveActor, sessionId: string, body: UpdateLiveSessionBody) {
      const { viewer, session } = await live.ownSession(actor, sessionId);
      if (session.status === 'cancelled') throw cancelled();
      await live.checkCourse(body.course_id);
      if (body.course_id === null && session.audience === 'course') {
        throw invalid('A session for the learners of a course needs its course.');
      }
      const targets = (await live.targetsOf(session, body.scope)).filter((row) => row.status === 'scheduled');
      const moves = body.start_local !== undefined || body.time_zone !== undefined;
      const timeZone = body.time_zone ?? session.timeZone;
      const startLocal = body.start_local ?? localOfInstant(session.startsAt, session.timeZone);
      const plan = targets.map((target) => ({
        target,
        startsAt: moves ? live.movedStart(target, session, startLocal, timeZone) : target.startsAt,
      }));
      if (moves && plan.some(({ startsAt }) => startsAt.getTime() <= now().getTime())) {
        throw invalid('A session cannot start in the past.');
      }
      const { updated, promoted } = await repository.transaction(async (tx) => {
        const rows: LiveSessionRow[] = [];
        const moved: { session: LiveSessionRow; userIds: string[] }[] = [];
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
      if (NEWSWORTHY.some((field) => body[field] !== undefined)) {
        await tellRooms(updated, 'updated', await tellAttendees(updated, 'updated', actor.id));
      }
      await tellPromoted(promoted);
      return {
        sessions: await live.presentIds(
          viewer,
          updated.map((row) => row.id),
        ),
      };
    },

    async cancel(actor: LiveActor, sessionId: string, scope: LiveEditScope) {
      const { viewer, session } = await live.ownSession(actor, sessionId);
      if (session.status === 'cancelled') throw cancelled();
      if (endOf(session) <= now()) throw new AppError('conflict', 'This session is over; it cannot be cancelled.');
      const targets = (await live.targetsOf(session, scope)).filter((row) => row.status === 'scheduled');
      const updated = await repository.transaction(async (tx) => {
        const rows: LiveSessionRow[] = [];
        for (const target of targets) {
          const row = await repository.updateSession(tx, target.id, { status: 'cancelled' });
          if (row) rows.push(row);
        }
        return rows;
      });
      await tellRooms(updated, 'cancelled', await tellAttendees(updated, 'cancelled', actor.id));
      return {
        sessions: await live.presentIds(
          viewer,
          updated.map((row) => row.id),
        ),
      };
    },
  };
}
export type LiveChangesService = ReturnType<typeof createLiveChangesService>;
