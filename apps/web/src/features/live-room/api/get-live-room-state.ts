import type { LiveRoomState } from '@portal/shared/live-room';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { roomPath } from './get-live-room-lobby';

export const liveRoomStateQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['live-room', sessionId, 'state'],
    queryFn: ({ signal }) => api.get<LiveRoomState>(`${roomPath(sessionId)}/state`, signal),
  });

/** Who is here, hands, timer and poll; refreshed whenever the server says the room changed. */
export const useLiveRoomState = (sessionId: string, enabled: boolean) =>
  useQuery({ ...liveRoomStateQueryOptions(sessionId), enabled });

export const invalidateLiveRoomState = (queryClient: QueryClient, sessionId: string) =>
  queryClient.invalidateQueries({ queryKey: liveRoomStateQueryOptions(sessionId).queryKey });

export const storeLiveRoomState = (queryClient: QueryClient, state: LiveRoomState) =>
  queryClient.setQueryData(liveRoomStateQueryOptions(state.session.id).queryKey, state);
