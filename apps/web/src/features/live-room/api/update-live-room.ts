import type { CreateLivePollBody, LiveRoomState, LiveTimerBody } from '@portal/shared/live-room';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { roomPath } from './get-live-room-lobby';
import { invalidateLiveRoomState, storeLiveRoomState } from './get-live-room-state';

/** Every change of the shared room state: hands, mute, timer, hand-over and poll. */
export type LiveRoomChange =
  | { kind: 'hand'; raised: boolean }
  | { kind: 'lower_hand'; userId: string }
  | { kind: 'mute'; userId: string; muted: boolean }
  | { kind: 'timer'; body: LiveTimerBody }
  | { kind: 'hand_over'; userId: string }
  | { kind: 'create_poll'; body: CreateLivePollBody }
  | { kind: 'vote'; option: number }
  | { kind: 'close_poll' };

function requestOf(change: LiveRoomChange): { method: string; path: string; body?: unknown } {
  const user = (userId: string) => encodeURIComponent(userId);
  switch (change.kind) {
    case 'hand':
      return { method: 'PUT', path: '/hand', body: { raised: change.raised } };
    case 'lower_hand':
      return { method: 'DELETE', path: `/hands/${user(change.userId)}` };
    case 'mute':
      return { method: 'PUT', path: `/participants/${user(change.userId)}/mute`, body: { muted: change.muted } };
    case 'timer':
      return { method: 'POST', path: '/timer', body: change.body };
    case 'hand_over':
      return { method: 'POST', path: '/host', body: { user_id: change.userId } };
    case 'create_poll':
      return { method: 'POST', path: '/poll', body: change.body };
    case 'vote':
      return { method: 'PUT', path: '/poll/vote', body: { option: change.option } };
    case 'close_poll':
      return { method: 'POST', path: '/poll/close', body: {} };
  }
}

export const updateLiveRoom = (sessionId: string, change: LiveRoomChange) => {
  const { method, path, body } = requestOf(change);
  return apiRequest<LiveRoomState | null>(`${roomPath(sessionId)}${path}`, { method, body });
};

export const useUpdateLiveRoom = (sessionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: LiveRoomChange) => updateLiveRoom(sessionId, change),
    onSuccess: (state) => {
      if (state) storeLiveRoomState(queryClient, state);
      else void invalidateLiveRoomState(queryClient, sessionId);
    },
  });
};
