import type { Goal } from '@portal/shared/goals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { goalsQueryOptions } from './get-goals';

export type GoalStatusAction = 'pause' | 'resume' | 'complete';

export const changeGoalStatus = ({ goalId, action }: { goalId: string; action: GoalStatusAction }) =>
  api.post<{ goal: Goal }>(`/api/goals/${goalId}/${action}`).then((data) => data.goal);

export const useChangeGoalStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeGoalStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: goalsQueryOptions().queryKey }),
  });
};
