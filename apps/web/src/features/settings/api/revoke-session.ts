import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { getSessionsQueryOptions } from './get-sessions';

/** Signs out one of the user's other devices. */
export const revokeSession = (sessionId: string) =>
  api.delete<{ ok: true }>(`/api/account/sessions/${encodeURIComponent(sessionId)}`);

export const useRevokeSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey }),
  });
};
