import type { CreateGoalBody, Goal } from '@portal/shared/goals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { goalsQueryOptions } from './get-goals';

export const createGoal = (body: CreateGoalBody) =>
  api.post<{ goal: Goal }>('/api/goals', body).then((data) => data.goal);

export const useCreateGoal = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGoal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: goalsQueryOptions().queryKey }),
  });
};
