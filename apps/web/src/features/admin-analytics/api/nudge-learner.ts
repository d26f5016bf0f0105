import type { NudgeResult } from '@portal/shared/admin-analytics';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { atRiskLearnersQueryOptions } from './get-at-risk-learners';

export const nudgeLearner = (userId: string) =>
  api.post<NudgeResult>(`/api/admin/analytics/at-risk/${encodeURIComponent(userId)}/nudge`);

/** Every page of every course filter shows the nudge times, so all of them are refreshed. */
const allAtRiskLists = () => atRiskLearnersQueryOptions(null).queryKey.slice(0, -1);

export const useNudgeLearner = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: nudgeLearner,
    onSettled: () => queryClient.invalidateQueries({ queryKey: allAtRiskLists() }),
  });
};
