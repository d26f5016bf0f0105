import { LIVE_ROOM_CLOSES_AFTER_MINUTES, LIVE_ROOM_OPENS_BEFORE_MINUTES } from '@portal/shared/live-room';
import type { ServerMessage } from '@portal/shared/realtime';
import type { Role } from '@portal/shared/roles';
import { liveSessionNotFound, notAMember, notModerator, notPresent, roomNotOpen } from './live-room.errors.ts';
import type { LiveRoomRepository, LiveSessionRow } from './live-room.repository.ts';

export type RoomViewer = { id: string; role: Role };
export type Publish = (userId: string, message: ServerMessage) => Promise<void>;

const MINUTE = 60_000;

/** When the room of a session opens and closes. */
export function roomWindow(session: Pick<LiveSessionRow, 'startsAt' | 'durationMinutes'>) {
  const start = session.startsAt.getTime();
  const endsAt = new Date(start + session.durationMinutes * MINUTE);
  return {
    opensAt: new Date(start - LIVE_ROOM_OPENS_BEFORE_MINUTES * MINUTE),
    endsAt,
    closesAt: new Date(endsAt.getTime() + LIVE_ROOM_CLOSES_AFTER_MINUTES * MINUTE),
  };
}

type RoomAccessDeps = { repository: LiveRoomRepository; publish: Publish; now: () => Date };

/** Whether the room of a session is open at a moment, and if not, why. */
function roomStatus(session: LiveSessionRow, at: Date) {
  if (session.status === 'cancelled') return 'cancelled' as const;
  const { opensAt, closesAt } = roomWindow(session);
  if (at < opensAt) return 'not_open_yet' as const;
  if (at > closesAt) return 'closed' as const;
  return 'open' as const;
}

/** Admission to a room: as a member of its session, and while the room is open. */
function createRoomAdmission({ repository, now }: Omit<RoomAccessDeps, 'publish'>) {
  /** The session, when the viewer is its host, an admin, or going (not waitlisted); 404 / 403 otherwise. */
  const member = async (viewer: RoomViewer, sessionId: string) => {
    const session = await repository.findSession(sessionId);
    if (!session) throw liveSessionNotFound();
    const admitted =
      session.hostId === viewer.id || viewer.role === 'admin' || (await repository.isGoing(sessionId, viewer.id));
    if (!admitted) throw notAMember();
    return session;
  };

  /** The session of a room the viewer may be in right now. */
  const open = async (viewer: RoomViewer, sessionId: string) => {
    const session = await member(viewer, sessionId);
    const state = roomStatus(session, now());
    if (state === 'not_open_yet') throw roomNotOpen(roomWindow(session).opensAt.toISOString());
    if (state !== 'open') throw roomNotOpen(state);
    return session;
  };

  return { member, open };
}

/** Who may be in a room and when, who hosts it now, and pushing a change to everyone in it. */
export function createRoomAccess({ repository, publish, now }: RoomAccessDeps) {
  const { member, open } = createRoomAdmission({ repository, now });

  const hostOf = async (session: LiveSessionRow) => (await repository.roomState(session.id))?.hostId ?? session.hostId;

  const present = (sessionId: string) => repository.presentParticipants(sessionId, now());

  return {
    status: roomStatus,
    sessionOf: (sessionId: string) => repository.findSession(sessionId),
    member,
    open,
    hostOf,
    present,
    /** The open room's session, when the viewer is in it now. */
    async presentIn(viewer: RoomViewer, sessionId: string) {
      const session = await open(viewer, sessionId);
      if (!(await present(sessionId)).some((person) => person.userId === viewer.id)) throw notPresent();
      return session;
    },
    /**
     * The open room's session, when the viewer hosts it now or is an admin; `ownerToo` also admits the session's
     * owner, who may always take the host role back.
     */
    async moderated(viewer: RoomViewer, sessionId: string, { ownerToo = false } = {}) {
      const session = await open(viewer, sessionId);
      const owner = ownerToo && session.hostId === viewer.id;
      if (!owner && viewer.role !== 'admin' && (await hostOf(session)) !== viewer.id) throw notModerator();
      return session;
    },
    /** Pushes to everyone in the room (and to `also`); a failed push is logged by `publish`, never thrown. */
    async broadcast(sessionId: string, message: ServerMessage, also: string[] = []) {
      const targets = new Set([...(await present(sessionId)).map((person) => person.userId), ...also]);
      await Promise.all([...targets].map((userId) => publish(userId, message)));
    },
  };
}

export type RoomAccess = ReturnType<typeof createRoomAccess>;
