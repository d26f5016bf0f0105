import type { Streaks } from '@portal/shared/gamification';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { GAMIFICATION_QUERY_KEY } from './gamification-query-key';

export const getStreaks = (signal?: AbortSignal) => api.get<Streaks>('/api/gamification/streaks', signal);

export const streaksQueryOptions = () =>
  queryOptions({ queryKey: [...GAMIFICATION_QUERY_KEY, 'streaks'], queryFn: ({ signal }) => getStreaks(signal) });

export const useStreaks = () => useQuery(streaksQueryOptions());
