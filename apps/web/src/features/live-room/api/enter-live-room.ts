import { LIVE_ROOM_HEARTBEAT_SECONDS, type LiveRoomState } from '@portal/shared/live-room';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type ApiError, api, apiRequest } from '@/lib/api';
import { roomPath } from './get-live-room-lobby';
import { storeLiveRoomState } from './get-live-room-state';

/**
 * Enters the room while the page is open: entering again every 15 s is the heartbeat that keeps this person
 * present; leaving the page leaves the room (a closed tab drops out once its heartbeats stop).
 */
export function useEnterLiveRoom(sessionId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const [entered, setEntered] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    const enter = () =>
      api
        .post<LiveRoomState>(`${roomPath(sessionId)}/enter`)
        .then((state) => {
          if (stopped) return;
          storeLiveRoomState(queryClient, state);
          setEntered(true);
          setError(null);
        })
        .catch((failure: ApiError) => {
          if (!stopped) setError(failure);
        });
    void enter();
    const timer = setInterval(() => void enter(), LIVE_ROOM_HEARTBEAT_SECONDS * 1000);
    const leave = () => {
      void apiRequest(`${roomPath(sessionId)}/leave`, { method: 'POST', body: {}, keepalive: true }).catch(
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
