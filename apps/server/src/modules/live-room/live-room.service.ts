import {
  type IceServer,
  LIVE_ROOM_MEDIA_LIMIT,
  type LiveAttendee,
  type LivePoll,
  type LiveRoomState,
  type LiveTimer,
  type LiveTimerBody,
} from '@portal/shared/live-room';
import { toCsv } from '../../csv.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import {
  attendanceForbidden,
  liveSessionNotFound,
  notPresent,
  participantNotFound,
  timerConflict,
} from './live-room.errors.ts';
import type { LiveRoomRepository, RoomStateRow } from './live-room.repository.ts';
import { type RoomAccess, type RoomViewer, roomWindow } from './live-room-access.ts';
import type { LiveRoomChatRepository } from './live-room-chat.repository.ts';

function presentTimer(row: RoomStateRow | null): LiveTimer {
  return {
    status: row?.timerStatus ?? 'idle',
    duration_seconds: row?.timerDurationSeconds ?? null,
    ends_at: row?.timerEndsAt?.toISOString() ?? null,
    remaining_ms: row?.timerRemainingMs ?? null,
  };
}

/** Presence, the shared room state, raised hands, mute, timer, hand-over and attendance. */
export function createLiveRoomService({
  repository,
  chatRepository,
  access,
  domainEvents,
  iceServers = [],
  now,
}: {
  repository: LiveRoomRepository;
  chatRepository: LiveRoomChatRepository;
  access: RoomAccess;
  domainEvents: DomainEvents;
  /** STUN/TURN servers offered to the in-browser call. */
  iceServers?: IceServer[];
  now: () => Date;
}) {
  const changed = (sessionId: string, change: 'presence' | 'hands' | 'timer' | 'poll' | 'host' | 'mute') =>
    access.broadcast(sessionId, { type: 'live_room_changed', sessionId, change });

  const pollOf = async (sessionId: string, viewerId: string): Promise<LivePoll | null> => {
    const poll = await chatRepository.latestPoll(sessionId);
    if (!poll) return null;
    const counts = await chatRepository.pollVotes(poll.id);
    const mine = counts.find((row) => row.userIds.includes(viewerId));
    return {
      id: poll.id,
      question: poll.question,
      options: poll.options.map((text, index) => ({
        text,
        votes: counts.find((row) => row.option === index)?.votes ?? 0,
      })),
      status: poll.status,
      my_vote: mine?.option ?? null,
      total_votes: counts.reduce((sum, row) => sum + row.votes, 0),
    };
  };

  const stateFor = async (viewer: RoomViewer, sessionId: string): Promise<LiveRoomState> => {
    const session = await access.open(viewer, sessionId);
    const [present, room, poll] = await Promise.all([
      access.present(sessionId),
      repository.roomState(sessionId),
      pollOf(sessionId, viewer.id),
    ]);
    const hostId = room?.hostId ?? session.hostId;
    const mesh = session.meetingUrl === null;
    const participants = present.map((person, index) => ({
      user_id: person.userId,
      name: person.name,
      is_host: person.userId === hostId,
      muted: person.muted,
      hand_raised_at: person.handRaisedAt?.toISOString() ?? null,
      media: mesh && index < LIVE_ROOM_MEDIA_LIMIT,
      call_tab: person.callTab,
    }));
    const me = participants.find((person) => person.user_id === viewer.id);
    const { endsAt, closesAt } = roomWindow(session);
    return {
      session: {
        id: session.id,
        title: session.title,
        starts_at: session.startsAt.toISOString(),
        ends_at: endsAt.toISOString(),
        closes_at: closesAt.toISOString(),
        meeting_url: session.meetingUrl,
      },
      me: {
        user_id: viewer.id,
        is_host: hostId === viewer.id,
        can_moderate: hostId === viewer.id || viewer.role === 'admin',
        can_see_attendance: hostId === viewer.id || session.hostId === viewer.id || viewer.role === 'admin',
        can_reclaim_host: hostId !== viewer.id && session.hostId === viewer.id,
        muted: me?.muted ?? false,
        media: me?.media ?? false,
        call_tab: me?.call_tab ?? null,
      },
      host_id: hostId,
      participants,
      hands: participants
        .filter((person) => person.hand_raised_at !== null)
        .map((person) => ({ user_id: person.user_id, name: person.name, raised_at: person.hand_raised_at ?? '' }))
        .sort((a, b) => a.raised_at.localeCompare(b.raised_at)),
      timer: presentTimer(room),
      poll,
      media_mode: mesh ? 'mesh' : 'external',
      ice_servers: iceServers,
      server_now: now().toISOString(),
    };
  };

  const saveTimer = async (sessionId: string, body: LiveTimerBody) => {
    const at = now();
    const timer = presentTimer(await repository.roomState(sessionId));
    if (body.action === 'start') {
      const endsAt = new Date(at.getTime() + body.duration_seconds * 1000);
      return repository.saveRoomState(
        sessionId,
        {
          timerStatus: 'running',
          timerDurationSeconds: body.duration_seconds,
          timerEndsAt: endsAt,
          timerRemainingMs: null,
        },
        at,
      );
    }
    if (body.action === 'reset') {
      return repository.saveRoomState(
        sessionId,
        { timerStatus: 'idle', timerDurationSeconds: null, timerEndsAt: null, timerRemainingMs: null },
        at,
      );
    }
    if (body.action === 'pause') {
      if (timer.status !== 'running' || !timer.ends_at) throw timerConflict('The timer is not running.');
      const remaining = Math.max(0, Date.parse(timer.ends_at) - at.getTime());
      return repository.saveRoomState(
        sessionId,
        { timerStatus: 'paused', timerEndsAt: null, timerRemainingMs: remaining },
        at,
      );
    }
    if (timer.status !== 'paused' || timer.remaining_ms === null) throw timerConflict('The timer is not paused.');
    return repository.saveRoomState(
      sessionId,
      { timerStatus: 'running', timerEndsAt: new Date(at.getTime() + timer.remaining_ms), timerRemainingMs: null },
      at,
    );
  };

  return {
    /** What the room page shows before entering: when it opens, or why it cannot be entered. */
    async lobby(viewer: RoomViewer, sessionId: string) {
      const session = await access.member(viewer, sessionId);
      const { opensAt, endsAt, closesAt } = roomWindow(session);
      return {
        id: session.id,
        title: session.title,
        starts_at: session.startsAt.toISOString(),
        ends_at: endsAt.toISOString(),
        opens_at: opensAt.toISOString(),
        closes_at: closesAt.toISOString(),
        status: access.status(session, now()),
      };
    },

    /** Entering, and the heartbeat of an open room page: the first entry ever earns the attendance XP. */
    async enter(viewer: RoomViewer, sessionId: string, { tab = null, claim = false }: EnterOptions = {}) {
      await access.open(viewer, sessionId);
      const { opened, tabChanged } = await repository.markPresent(sessionId, viewer.id, now(), { tab, claim }, (tx) =>
        domainEvents.record(tx, {
          type: 'live_session.attended',
          userId: viewer.id,
          subjectId: sessionId,
          payload: { sessionId },
        }),
      );
      if (opened) void domainEvents.flush();
      if (opened || tabChanged) await changed(sessionId, 'presence');
      return stateFor(viewer, sessionId);
    },

    async leave(viewer: RoomViewer, sessionId: string, tab: string | null = null) {
      await access.member(viewer, sessionId);
      if (await repository.closeVisit(sessionId, viewer.id, now(), tab)) await changed(sessionId, 'presence');
    },

    state: stateFor,

    async setOwnHand(viewer: RoomViewer, sessionId: string, raised: boolean) {
      await access.presentIn(viewer, sessionId);
      await repository.setHand(sessionId, viewer.id, raised ? now() : null);
      await changed(sessionId, 'hands');
      return stateFor(viewer, sessionId);
    },

    async lowerHandOf(viewer: RoomViewer, sessionId: string, userId: string) {
      await access.moderated(viewer, sessionId);
      if (!(await repository.setHand(sessionId, userId, null))) throw participantNotFound();
      await changed(sessionId, 'hands');
      return stateFor(viewer, sessionId);
    },

    async setMuted(viewer: RoomViewer, sessionId: string, userId: string, muted: boolean) {
      await access.moderated(viewer, sessionId);
      if (!(await repository.participant(sessionId, userId))) throw participantNotFound();
      await repository.setMuted(sessionId, userId, muted);
      await changed(sessionId, 'mute');
      return stateFor(viewer, sessionId);
    },

    async runTimer(viewer: RoomViewer, sessionId: string, body: LiveTimerBody) {
      await access.moderated(viewer, sessionId);
      await saveTimer(sessionId, body);
      await changed(sessionId, 'timer');
      return stateFor(viewer, sessionId);
    },

    /** Passes the host role to someone in the room now; the session's owner may always take it back. */
    async handOver(viewer: RoomViewer, sessionId: string, userId: string) {
      await access.moderated(viewer, sessionId, { ownerToo: userId === viewer.id });
      if (!(await access.present(sessionId)).some((person) => person.userId === userId)) throw notPresent();
      await repository.saveRoomState(sessionId, { hostId: userId }, now());
      await changed(sessionId, 'host');
      return stateFor(viewer, sessionId);
    },

    /** Attendance for the session's owner, the current host and admins, at any time. */
    async attendance(viewer: RoomViewer, sessionId: string) {
      const session = await repository.findSession(sessionId);
      if (!session) throw liveSessionNotFound();
      const allowed =
        viewer.role === 'admin' || session.hostId === viewer.id || (await access.hostOf(session)) === viewer.id;
      if (!allowed) throw attendanceForbidden();
      const rows = await repository.attendance(sessionId);
      const attendees: LiveAttendee[] = rows.map((row) => ({
        user_id: row.userId,
        name: row.name,
        first_joined_at: row.firstJoinedAt.toISOString(),
        last_left_at: row.stillOpen > 0 ? null : (row.lastLeftAt?.toISOString() ?? null),
        total_minutes: Math.round(row.totalSeconds / 60),
        visits: row.visits,
      }));
      return { title: session.title, attendees };
    },

    attendanceCsv(attendees: LiveAttendee[]) {
      return toCsv(
        ['Name', 'User id', 'First joined (UTC)', 'Last left (UTC)', 'Total minutes', 'Visits'],
        attendees.map((row) => [
          row.name,
          row.user_id,
          row.first_joined_at,
          row.last_left_at,
          row.total_minutes,
          row.visits,
        ]),
      );
    },
  };
}

export type LiveRoomService = ReturnType<typeof createLiveRoomService>;

/** The tab entering (random per page load) and whether it takes the person's call over. */
type EnterOptions = { tab?: string | null; claim?: boolean };
