import { checklistProgress, type Goal, type GoalList } from '@portal/shared/goals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { goalsQueryOptions } from './get-goals';

type ItemChange = { goalId: string; itemId: string; done: boolean };

export const setChecklistItem = ({ goalId, itemId, done }: ItemChange) =>
  apiRequest<{ goal: Goal }>(`/api/goals/${goalId}/items/${itemId}`, { method: 'PUT', body: { done } }).then(
    (data) => data.goal,
  );

/** The list with one item ticked or unticked, as the server will answer it (completion aside). */
function withItem(list: GoalList, { goalId, itemId, done }: ItemChange): GoalList {
  return {
    ...list,
    goals: list.goals.map((goal) => {
      if (goal.id !== goalId) return goal;
      const items = goal.items.map((item) => (item.id === itemId ? { ...item, done } : item));
      return { ...goal, items, progress: checklistProgress(items) };
    }),
  };
}

/** Ticks at once on screen; the server's answer then replaces the guess, or the tick is undone on failure. */
export const useSetChecklistItem = () => {
  const queryClient = useQueryClient();
  const { queryKey } = goalsQueryOptions();
  return useMutation({
    mutationFn: setChecklistItem,
    // Synchronous, so the checkbox flips in the same frame as the click; a list fetch in flight is then dropped.
    onMutate: (change) => {
      const previous = queryClient.getQueryData(queryKey);
      if (previous) queryClient.setQueryData(queryKey, withItem(previous, change));
      void queryClient.cancelQueries({ queryKey }, { revert: false });
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
};
