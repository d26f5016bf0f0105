import type { LiveRoomLobby } from '@portal/shared/live-room';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api';

const roomPath = (sessionId: string) => `/api/live-room/sessions/${encodeURIComponent(sessionId)}`;

export const liveRoomLobbyQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['live-room', sessionId, 'lobby'],
    queryFn: ({ signal }) => api.get<LiveRoomLobby>(roomPath(sessionId), signal),
    // Not a member or no such session: asking again will not change that.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

/** When the room opens and whether the viewer may enter it. */
export const useLiveRoomLobby = (sessionId: string) => useQuery(liveRoomLobbyQueryOptions(sessionId));

export { roomPath };

/**
 * When the server refuses the room because it closed, was cancelled, moved or is no longer this person's, the page
 * goes back to what a fresh load shows (the lobby) at once, then asks the server. True when the error was one of those.
 */
export function leaveClosedRoom(queryClient: QueryClient, sessionId: string, error: unknown) {
  if (!(error instanceof ApiError)) return false;
  const { queryKey } = liveRoomLobbyQueryOptions(sessionId);
  if (error.code === 'room_not_open') {
    const reason = error.reasons[0] ?? 'closed';
    queryClient.setQueryData<LiveRoomLobby>(queryKey, (lobby) => {
      if (!lobby) return lobby;
      if (reason === 'cancelled' || reason === 'closed') return { ...lobby, status: reason };
      return { ...lobby, status: 'not_open_yet', opens_at: reason };
    });
  } else if (error.code !== 'not_a_member' && error.code !== 'not_found') return false;
  void queryClient.invalidateQueries({ queryKey });
  return true;
}

/** Asks again whether the room is open (after a change the server pushed, or answering "Going"). */
export const refreshLiveRoomLobby = (queryClient: QueryClient, sessionId: string) =>
  queryClient.invalidateQueries({ queryKey: liveRoomLobbyQueryOptions(sessionId).queryKey });
