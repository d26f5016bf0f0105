import type { IceServer, LiveAttendee } from '@portal/shared/live-room';
import { toCsv } from '../../csv.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import { attendanceForbidden, liveSessionNotFound } from './live-room.errors.ts';
import type { LiveRoomRepository } from './live-room.repository.ts';
import type { RoomAccess, RoomViewer } from './live-room-access.ts';
import type { LiveRoomChatRepository } from './live-room-chat.repository.ts';
import { createRoomModeration, type RoomChange } from './live-room-moderation.service.ts';
import { createRoomStateReads } from './live-room-state.service.ts';

type AttendanceRow = Awaited<ReturnType<LiveRoomRepository['attendance']>>[number];

const presentAttendee = (row: AttendanceRow): LiveAttendee => ({
  user_id: row.userId,
  name: row.name,
  first_joined_at: row.firstJoinedAt.toISOString(),
  last_left_at: row.stillOpen > 0 ? null : (row.lastLeftAt?.toISOString() ?? null),
  total_minutes: Math.round(row.totalSeconds / 60),
  visits: row.visits,
});

/** Entering, the heartbeat and leaving; presence changes are pushed to the room. */
function createRoomPresence({
  repository,
  access,
  domainEvents,
  now,
  changed,
  state,
}: {
  repository: LiveRoomRepository;
  access: RoomAccess;
  domainEvents: DomainEvents;
  now: () => Date;
  changed: (sessionId: string, change: RoomChange) => Promise<void>;
  state: ReturnType<typeof createRoomStateReads>['state'];
}) {
  return {
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
      return state(viewer, sessionId);
    },

    /** Leaving from a tab; with `othersOpen` (another tab of theirs stays) the visit goes on without a call tab. */
    async leave(viewer: RoomViewer, sessionId: string, { tab = null, othersOpen = false }: LeaveOptions = {}) {
      await access.member(viewer, sessionId);
      const left = othersOpen
        ? await repository.releaseCallTab(sessionId, viewer.id, tab)
        : await repository.closeVisit(sessionId, viewer.id, now(), tab);
      if (left) await changed(sessionId, 'presence');
    },
  };
}

function createRoomAttendance({ repository, access }: { repository: LiveRoomRepository; access: RoomAccess }) {
  return {
    /** Attendance for the session's owner, the current host and admins, at any time. */
    async attendance(viewer: RoomViewer, sessionId: string) {
      const session = await repository.findSession(sessionId);
      if (!session) throw liveSessionNotFound();
      const allowed =
        viewer.role === 'admin' || session.hostId === viewer.id || (await access.hostOf(session)) === viewer.id;
      if (!allowed) throw attendanceForbidden();
      const rows = await repository.attendance(sessionId);
      return { title: session.title, attendees: rows.map(presentAttendee) };
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
  const changed = (sessionId: string, change: RoomChange) =>
    access.broadcast(sessionId, { type: 'live_room_changed', sessionId, change });
  const { lobby, state } = createRoomStateReads({ repository, chatRepository, access, iceServers, now });
  return {
    lobby,
    ...createRoomPresence({ repository, access, domainEvents, now, changed, state }),
    state,
    ...createRoomModeration({ repository, access, now, changed, state }),
    ...createRoomAttendance({ repository, access }),
  };
}

export type LiveRoomService = ReturnType<typeof createLiveRoomService>;

/** The tab entering (random per page load) and whether it takes the person's call over. */
type EnterOptions = { tab?: string | null; claim?: boolean };
/** The tab leaving, and whether another tab of theirs stays in the room (it takes the call). */
type LeaveOptions = { tab?: string | null; othersOpen?: boolean };
