import type { UserStats } from '@portal/shared/gamification';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { GAMIFICATION_QUERY_KEY } from './gamification-query-key';

export const getGamificationStats = (signal?: AbortSignal) => api.get<UserStats>('/api/gamification/stats', signal);

export const gamificationStatsQueryOptions = () =>
  queryOptions({
    queryKey: [...GAMIFICATION_QUERY_KEY, 'stats'],
    queryFn: ({ signal }) => getGamificationStats(signal),
  });

export const useGamificationStats = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...gamificationStatsQueryOptions(), enabled });
