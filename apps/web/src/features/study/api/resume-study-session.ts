import type { StudySessionEnvelope } from '@portal/shared/study';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { studyOverviewQueryOptions } from './get-study-overview';

export const resumeStudySession = (sessionId: string) =>
  api.post<StudySessionEnvelope>(`/api/study/sessions/${sessionId}/resume`);

export const useResumeStudySession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeStudySession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: studyOverviewQueryOptions().queryKey }),
  });
};
