import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { invalidateBetaFeed } from './get-beta-feed';

type ReadResult = { unread_count: number };

/** One update by id, or every update with 'all'. */
export const markBetaRead = (target: string) =>
  target === 'all'
    ? api.post<ReadResult>('/api/beta/updates/read-all')
    : api.post<ReadResult>(`/api/beta/updates/${encodeURIComponent(target)}/read`);

export const useMarkBetaRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markBetaRead,
    onSuccess: () => invalidateBetaFeed(queryClient),
  });
};

/** Tells the server the update was shown live, which counts it as seen. */
export const acknowledgeBetaUpdate = (updateId: string) =>
  api.post<ReadResult>(`/api/beta/updates/${encodeURIComponent(updateId)}/delivered`);
