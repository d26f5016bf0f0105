import type { OptimizerStatus } from '@portal/shared/flashcards-stats';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { FLASHCARDS_KEY } from './keys';

const OPTIMIZER_KEY = [...FLASHCARDS_KEY, 'optimizer'] as const;
/** How often the status is asked for while the parameters are being fitted. */
export const OPTIMIZER_POLL_MS = 1000;

export const optimizerQueryOptions = () =>
  queryOptions({
    queryKey: OPTIMIZER_KEY,
    queryFn: ({ signal }) => api.get<OptimizerStatus>('/api/flashcards/optimizer', signal),
    refetchInterval: (query) => (query.state.data?.state === 'running' ? OPTIMIZER_POLL_MS : false),
  });

export const useOptimizerStatus = () => useQuery(optimizerQueryOptions());

/** Starting or resetting answers the new status; new parameters change the intervals, so the queue is fetched again. */
const useOptimizerChange = (change: () => Promise<OptimizerStatus>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (status) => {
      queryClient.setQueryData(OPTIMIZER_KEY, status);
      return queryClient.invalidateQueries({ queryKey: [...FLASHCARDS_KEY, 'review'] });
    },
  });
};

export const useStartOptimizer = () => useOptimizerChange(() => api.post<OptimizerStatus>('/api/flashcards/optimizer'));
export const useResetOptimizer = () =>
  useOptimizerChange(() => api.delete<OptimizerStatus>('/api/flashcards/optimizer'));
