import type { Leaderboard } from '@portal/shared/gamification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { leaderboardQueryOptions } from './get-leaderboard';

export const setLeaderboardOptIn = (optedIn: boolean) =>
  apiRequest<Leaderboard>('/api/gamification/leaderboard/opt-in', { method: 'PUT', body: { opted_in: optedIn } });

export const useSetLeaderboardOptIn = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLeaderboardOptIn,
    onSuccess: (board) => queryClient.setQueryData(leaderboardQueryOptions().queryKey, board),
  });
};
