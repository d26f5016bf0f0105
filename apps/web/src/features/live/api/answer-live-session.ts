import type { LiveRsvpResponse, LiveSession } from '@portal/shared/live';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { LIVE_QUERY_KEY } from './get-live-hub';

export const answerLiveSession = ({ sessionId, response }: { sessionId: string; response: LiveRsvpResponse }) =>
  apiRequest<{ session: LiveSession }>(`/api/live/sessions/${sessionId}/rsvp`, {
    method: 'PUT',
    body: { response },
  }).then((data) => data.session);

export const useAnswerLiveSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerLiveSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LIVE_QUERY_KEY }),
  });
};
