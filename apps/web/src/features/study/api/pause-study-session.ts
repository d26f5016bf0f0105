import type { StudySessionEnvelope } from '@portal/shared/study';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { studyOverviewQueryOptions } from './get-study-overview';

export const pauseStudySession = (sessionId: string) =>
  api.post<StudySessionEnvelope>(`/api/study/sessions/${sessionId}/pause`);

export const usePauseStudySession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pauseStudySession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: studyOverviewQueryOptions().queryKey }),
  });
};
