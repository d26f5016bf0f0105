import type { LIVE_ROOM_CHANGES, LiveRoomState, LiveTimer, LiveTimerBody } from '@portal/shared/live-room';
import { notPresent, participantNotFound, timerConflict } from './live-room.errors.ts';
import type { LiveRoomRepository } from './live-room.repository.ts';
import type { RoomAccess, RoomViewer } from './live-room-access.ts';
import { presentTimer } from './live-room-state.service.ts';

export type RoomChange = (typeof LIVE_ROOM_CHANGES)[number];
type TimerValues = Parameters<LiveRoomRepository['saveRoomState']>[1];

/** The room-state columns a timer action writes; a pause or resume from the wrong status is a conflict. */
function timerValues(timer: LiveTimer, body: LiveTimerBody, at: Date): TimerValues {
  if (body.action === 'start') {
    const endsAt = new Date(at.getTime() + body.duration_seconds * 1000);
    return {
      timerStatus: 'running',
      timerDurationSeconds: body.duration_seconds,
      timerEndsAt: endsAt,
      timerRemainingMs: null,
    };
  }
  if (body.action === 'reset') {
    return { timerStatus: 'idle', timerDurationSeconds: null, timerEndsAt: null, timerRemainingMs: null };
  }
  if (body.action === 'pause') {
    if (timer.status !== 'running' || !timer.ends_at) throw timerConflict('The timer is not running.');
    const remaining = Math.max(0, Date.parse(timer.ends_at) - at.getTime());
    return { timerStatus: 'paused', timerEndsAt: null, timerRemainingMs: remaining };
  }
  if (timer.status !== 'paused' || timer.remaining_ms === null) throw timerConflict('The timer is not paused.');
  return { timerStatus: 'running', timerEndsAt: new Date(at.getTime() + timer.remaining_ms), timerRemainingMs: null };
}

type RoomModerationDeps = {
  repository: LiveRoomRepository;
  access: RoomAccess;
  now: () => Date;
  changed: (sessionId: string, change: RoomChange) => Promise<void>;
  state: (viewer: RoomViewer, sessionId: string) => Promise<LiveRoomState>;
};

/** Raised hands, mute, the shared timer and hand-over; each change is pushed to the room. */
export function createRoomModeration({ repository, access, now, changed, state }: RoomModerationDeps) {
  return {
    async setOwnHand(viewer: RoomViewer, sessionId: string, raised: boolean) {
      await access.presentIn(viewer, sessionId);
      await repository.setHand(sessionId, viewer.id, raised ? now() : null);
      await changed(sessionId, 'hands');
      return state(viewer, sessionId);
    },

    async lowerHandOf(viewer: RoomViewer, sessionId: string, userId: string) {
      await access.moderated(viewer, sessionId);
      if (!(await repository.setHand(sessionId, userId, null))) throw participantNotFound();
      await changed(sessionId, 'hands');
      return state(viewer, sessionId);
    },

    async setMuted(viewer: RoomViewer, sessionId: string, userId: string, muted: boolean) {
      await access.moderated(viewer, sessionId);
      if (!(await repository.participant(sessionId, userId))) throw participantNotFound();
      await repository.setMuted(sessionId, userId, muted);
      await changed(sessionId, 'mute');
      return state(viewer, sessionId);
    },

    async runTimer(viewer: RoomViewer, sessionId: string, body: LiveTimerBody) {
      await access.moderated(viewer, sessionId);
      const at = now();
      const timer = presentTimer(await repository.roomState(sessionId));
      await repository.saveRoomState(sessionId, timerValues(timer, body, at), at);
      await changed(sessionId, 'timer');
      return state(viewer, sessionId);
    },

    /** Passes the host role to someone in the room now; the session's owner may always take it back. */
    async handOver(viewer: RoomViewer, sessionId: string, userId: string) {
      await access.moderated(viewer, sessionId, { ownerToo: userId === viewer.id });
      if (!(await access.present(sessionId)).some((person) => person.userId === userId)) throw notPresent();
      await repository.saveRoomState(sessionId, { hostId: userId }, now());
      await changed(sessionId, 'host');
      return state(viewer, sessionId);
    },
  };
}
