import type { Leaderboard } from '@portal/shared/gamification';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { GAMIFICATION_QUERY_KEY } from './gamification-query-key';

export const getLeaderboard = (signal?: AbortSignal) => api.get<Leaderboard>('/api/gamification/leaderboard', signal);

export const leaderboardQueryOptions = () =>
  queryOptions({
    queryKey: [...GAMIFICATION_QUERY_KEY, 'leaderboard'],
    queryFn: ({ signal }) => getLeaderboard(signal),
  });

export const useLeaderboard = () => useQuery(leaderboardQueryOptions());
