import type { LiveEditScope, LiveSession } from '@portal/shared/live';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { LIVE_QUERY_KEY } from './get-live-hub';

export const cancelLiveSession = ({ sessionId, scope }: { sessionId: string; scope: LiveEditScope }) =>
  api
    .post<{ sessions: LiveSession[] }>(`/api/live/sessions/${sessionId}/cancel`, { scope })
    .then((data) => data.sessions);

export const useCancelLiveSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelLiveSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LIVE_QUERY_KEY }),
  });
};
