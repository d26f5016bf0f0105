import type { LiveSession, UpdateLiveSessionBody } from '@portal/shared/live';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { LIVE_QUERY_KEY } from './get-live-hub';

export const updateLiveSession = ({ sessionId, changes }: { sessionId: string; changes: UpdateLiveSessionBody }) =>
  api.patch<{ sessions: LiveSession[] }>(`/api/live/sessions/${sessionId}`, changes).then((data) => data.sessions);

export const useUpdateLiveSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLiveSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LIVE_QUERY_KEY }),
  });
};
