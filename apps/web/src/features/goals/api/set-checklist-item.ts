import type { Goal } from '@portal/shared/goals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { goalsQueryOptions } from './get-goals';

export const setChecklistItem = ({ goalId, itemId, done }: { goalId: string; itemId: string; done: boolean }) =>
  apiRequest<{ goal: Goal }>(`/api/goals/${goalId}/items/${itemId}`, { method: 'PUT', body: { done } }).then(
    (data) => data.goal,
  );

export const useSetChecklistItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setChecklistItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: goalsQueryOptions().queryKey }),
  });
};
