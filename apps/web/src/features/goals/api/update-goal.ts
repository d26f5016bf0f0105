import type { Goal, UpdateGoalBody } from '@portal/shared/goals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { goalsQueryOptions } from './get-goals';

export const updateGoal = ({ goalId, changes }: { goalId: string; changes: UpdateGoalBody }) =>
  api.patch<{ goal: Goal }>(`/api/goals/${goalId}`, changes).then((data) => data.goal);

export const useUpdateGoal = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGoal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: goalsQueryOptions().queryKey }),
  });
};
