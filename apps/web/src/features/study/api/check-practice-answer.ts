import type { PracticeCheckBody, PracticeCheckResult } from '@portal/shared/practice';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const checkPracticeAnswer = (body: PracticeCheckBody) =>
  api.post<PracticeCheckResult>('/api/practice/check', body);

export const useCheckPracticeAnswer = () => useMutation({ mutationFn: checkPracticeAnswer });
