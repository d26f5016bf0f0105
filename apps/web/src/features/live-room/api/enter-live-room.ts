import { LIVE_ROOM_HEARTBEAT_SECONDS, type LiveRoomState } from '@portal/shared/live-room';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type ApiError, api, apiRequest } from '@/lib/api';
import { TAB_ID } from '../utils/tab-id';
import { roomPath } from './get-live-room-lobby';
import { storeLiveRoomState } from './get-live-room-state';

/**
 * Enters the room while the page is open: entering again every 15 s is the heartbeat that keeps this person
 * present; leaving the page leaves the room (a closed tab drops out once its heartbeats stop). Opening the room takes
 * this person's call into this tab; the heartbeats of another tab of theirs do not take it back.
 */
export function useEnterLiveRoom(sessionId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const [entered, setEntered] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let claim = true;
    const enter = () => {
      const body = { tab: TAB_ID, claim };
      claim = false;
      return api
        .post<LiveRoomState>(`${roomPath(sessionId)}/enter`, body)
        .then((state) => {
          if (stopped) return;
          storeLiveRoomState(queryClient, state);
          setEntered(true);
          setError(null);
        })
        .catch((failure: ApiError) => {
          if (!stopped) setError(failure);
        });
    };
    void enter();
    const timer = setInterval(() => void enter(), LIVE_ROOM_HEARTBEAT_SECONDS * 1000);
    const leave = () => {
      void apiRequest(`${roomPath(sessionId)}/leave`, { method: 'POST', body: { tab: TAB_ID }, keepalive: true }).catch(
        () => undefined,
      );
    };
    window.addEventListener('pagehide', leave);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [sessionId, enabled, queryClient]);
  return { entered, error };
}

/** Moves my call into this tab (from another tab or window of mine). */
export function useTakeCallHere(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<LiveRoomState>(`${roomPath(sessionId)}/enter`, { tab: TAB_ID, claim: true }),
    onSuccess: (state) => storeLiveRoomState(queryClient, state),
  });
}
