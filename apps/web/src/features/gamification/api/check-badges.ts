import type { BadgeSummary } from '@portal/shared/gamification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { GAMIFICATION_QUERY_KEY } from './gamification-query-key';

export const checkBadges = () =>
  api.post<{ newBadges: BadgeSummary[] }>('/api/gamification/badges/check').then((data) => data.newBadges);

/** Grants badges earned by now (thresholds can change); new ones arrive as realtime changes and toasts. */
export const useCheckBadges = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkBadges,
    onSuccess: async (badges) => {
      if (badges.length > 0) await queryClient.invalidateQueries({ queryKey: GAMIFICATION_QUERY_KEY });
    },
  });
};
