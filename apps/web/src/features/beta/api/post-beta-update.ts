import type { PostBetaUpdateBody, StoredBetaUpdate } from '@portal/shared/beta';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { adminBetaUpdatesQueryOptions } from './get-admin-beta-updates';

export const postBetaUpdate = (update: PostBetaUpdateBody) =>
  api.post<StoredBetaUpdate>('/api/admin/beta/updates', update);

export const usePostBetaUpdate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postBetaUpdate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminBetaUpdatesQueryOptions().queryKey }),
  });
};
