import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { goalsQueryOptions } from './get-goals';

export const deleteGoal = (goalId: string) => api.delete<null>(`/api/goals/${goalId}`);

export const useDeleteGoal = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGoal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: goalsQueryOptions().queryKey }),
  });
};
