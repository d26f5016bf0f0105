import type { LiveFilter, LiveSession } from '@portal/shared/live';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { LIVE_QUERY_KEY } from './get-live-hub';

export type LiveRange = { from: string; to: string; filter: LiveFilter };

export const getLiveSessions = ({ from, to, filter }: LiveRange, signal?: AbortSignal) =>
  api.get<{ sessions: LiveSession[] }>(
    `/api/live/sessions?${new URLSearchParams({ from, to, filter }).toString()}`,
    signal,
  );

export const liveSessionsQueryOptions = (range: LiveRange) =>
  queryOptions({
    queryKey: [...LIVE_QUERY_KEY, 'sessions', range.from, range.to, range.filter],
    queryFn: ({ signal }) => getLiveSessions(range, signal),
  });

export const useLiveSessions = (range: LiveRange) => useQuery(liveSessionsQueryOptions(range));
