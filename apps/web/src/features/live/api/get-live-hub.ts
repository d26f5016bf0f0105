import type { LiveFilter, LiveHub } from '@portal/shared/live';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Every live hub query starts with this key, so one invalidation refreshes the hub, the calendar and a session. */
export const LIVE_QUERY_KEY = ['live'] as const;

export const getLiveHub = (filter: LiveFilter, signal?: AbortSignal) =>
  api.get<LiveHub>(`/api/live/hub?filter=${filter}`, signal);

/** "Live now" depends on the clock, so the hub is asked again every minute while it is open. */
export const liveHubQueryOptions = (filter: LiveFilter) =>
  queryOptions({
    queryKey: [...LIVE_QUERY_KEY, 'hub', filter],
    queryFn: ({ signal }) => getLiveHub(filter, signal),
    refetchInterval: 60_000,
  });

export const useLiveHub = (filter: LiveFilter) => useQuery(liveHubQueryOptions(filter));
