import type { LiveOptions } from '@portal/shared/live';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { LIVE_QUERY_KEY } from './get-live-hub';

export const getLiveOptions = (signal?: AbortSignal) => api.get<LiveOptions>('/api/live/options', signal);

export const liveOptionsQueryOptions = () =>
  queryOptions({ queryKey: [...LIVE_QUERY_KEY, 'options'], queryFn: ({ signal }) => getLiveOptions(signal) });

export const useLiveOptions = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...liveOptionsQueryOptions(), enabled });
