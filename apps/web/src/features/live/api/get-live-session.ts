import type { LiveSession } from '@portal/shared/live';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { LIVE_QUERY_KEY } from './get-live-hub';

export const getLiveSession = (sessionId: string, signal?: AbortSignal) =>
  api
    .get<{ session: LiveSession }>(`/api/live/sessions/${encodeURIComponent(sessionId)}`, signal)
    .then((data) => data.session);

export const liveSessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: [...LIVE_QUERY_KEY, 'session', sessionId],
    queryFn: ({ signal }) => getLiveSession(sessionId, signal),
  });

/** One session as the hub shows it: its host, the answers and my own. */
export const useLiveSession = (sessionId: string) => useQuery(liveSessionQueryOptions(sessionId));
