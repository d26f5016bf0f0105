import type { CreateLiveSessionBody, LiveSession } from '@portal/shared/live';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { LIVE_QUERY_KEY } from './get-live-hub';

export const scheduleLiveSession = (body: CreateLiveSessionBody) =>
  api.post<{ sessions: LiveSession[] }>('/api/live/sessions', body).then((data) => data.sessions);

export const useScheduleLiveSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scheduleLiveSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LIVE_QUERY_KEY }),
  });
};
