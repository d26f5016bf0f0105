import type { XpResult } from '@portal/shared/gamification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { GAMIFICATION_QUERY_KEY } from './gamification-query-key';

/** award_xp for today's login; the server decides whether it is due and how much it is worth. */
export const claimDailyLogin = () => api.post<XpResult>('/api/gamification/award', { event_type: 'daily_login' });

export const useClaimDailyLogin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimDailyLogin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GAMIFICATION_QUERY_KEY }),
  });
};
