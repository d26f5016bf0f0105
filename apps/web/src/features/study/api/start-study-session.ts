import type { StudyMode, StudySessionEnvelope } from '@portal/shared/study';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { studyOverviewQueryOptions } from './get-study-overview';

export const startStudySession = (mode: StudyMode) => api.post<StudySessionEnvelope>('/api/study/sessions', { mode });

export const useStartStudySession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startStudySession,
    // A second start after a lost answer would only meet the session the first one opened.
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: studyOverviewQueryOptions().queryKey }),
  });
};
