import { LIVE_ROOM_HEARTBEAT_SECONDS, type LiveRoomState } from '@portal/shared/live-room';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, api, apiRequest } from '@/lib/api';
import { watchRoomTabs } from '../utils/room-tabs';
import { TAB_ID } from '../utils/tab-id';
import { leaveClosedRoom, roomPath } from './get-live-room-lobby';
import { liveRoomStateQueryOptions, storeLiveRoomState } from './get-live-room-state';

/** Enters the room from this tab, or keeps this person present there; `claim` takes their call into this tab. */
export const enterLiveRoom = (sessionId: string, { claim = false }: { claim?: boolean } = {}) =>
  api.post<LiveRoomState>(`${roomPath(sessionId)}/enter`, { tab: TAB_ID, claim });

/** Whether the room can be reached: `reconnecting` while the browser is online but the server is not answering. */
export type RoomConnection = 'online' | 'offline' | 'reconnecting';

const unreachable = (error: ApiError) => error.code === 'network' || error.status >= 500;

/**
 * Enters the room while the page is open: entering again every 15 s is the heartbeat that keeps this person
 * present; leaving the page leaves the room (a closed tab drops out once its heartbeats stop). Opening the room takes
 * this person's call into this tab; the heartbeats of another tab of theirs do not take it back. Coming back online
 * enters at once, so what was waiting to be sent finds this person present. Closing this tab while another tab of
 * theirs stays in the room keeps them in it: the server only frees the call, and the other tab takes it.
 */
export function useEnterLiveRoom(sessionId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const [entered, setEntered] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let claim = true;
    const enter = () => {
      const options = { claim };
      claim = false;
      return enterLiveRoom(sessionId, options)
        .then((state) => {
          if (stopped) return;
          storeLiveRoomState(queryClient, state);
          setEntered(true);
          setError(null);
        })
        .catch((failure: unknown) => {
          if (stopped) return;
          if (leaveClosedRoom(queryClient, sessionId, failure)) return;
          setError(failure instanceof ApiError ? failure : new ApiError(0, 'network', 'Network error'));
        });
    };
    void enter();
    const timer = setInterval(() => void enter(), LIVE_ROOM_HEARTBEAT_SECONDS * 1000);
    // Another tab of mine on this room closed while holding my call: this one takes it, with no gap in the room.
    const tabs = watchRoomTabs(sessionId, (closedTab) => {
      if (queryClient.getQueryData(liveRoomStateQueryOptions(sessionId).queryKey)?.me.call_tab !== closedTab) return;
      claim = true;
      void enter();
    });
    const leave = () => {
      const body = { tab: TAB_ID, others_open: tabs.othersOpen() };
      tabs.closed();
      void apiRequest(`${roomPath(sessionId)}/leave`, { method: 'POST', body, keepalive: true }).catch(() => undefined);
    };
    const shownAgain = (event: PageTransitionEvent) => {
      if (event.persisted) tabs.reopened();
    };
    const goneOffline = () => setOnline(false);
    const backOnline = () => {
      setOnline(true);
      void enter();
    };
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', shownAgain);
    window.addEventListener('offline', goneOffline);
    window.addEventListener('online', backOnline);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', shownAgain);
      window.removeEventListener('offline', goneOffline);
      window.removeEventListener('online', backOnline);
      leave();
      tabs.stop();
    };
  }, [sessionId, enabled, queryClient]);
  const connection: RoomConnection = !online
    ? 'offline'
    : error && entered && unreachable(error)
      ? 'reconnecting'
      : 'online';
  return { entered, error, connection };
}

/** Moves my call into this tab (from another tab or window of mine). */
export function useTakeCallHere(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => enterLiveRoom(sessionId, { claim: true }),
    onSuccess: (state) => storeLiveRoomState(queryClient, state),
  });
}
