import type { LiveRoomLobby } from '@portal/shared/live-room';
import { queryOptions, useQuery } from '@tanstack/react-query';
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
