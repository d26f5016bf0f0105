import type { StudySessionEnvelope } from '@portal/shared/study';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { studyOverviewQueryOptions } from './get-study-overview';

export const stopStudySession = (sessionId: string) =>
  api.post<StudySessionEnvelope>(`/api/study/sessions/${sessionId}/stop`);

export const useStopStudySession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopStudySession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: studyOverviewQueryOptions().queryKey }),
  });
};
