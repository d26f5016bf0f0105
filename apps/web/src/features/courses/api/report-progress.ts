import type { ProgressReportBody, ProgressReportResult } from '@portal/shared/progress';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { i18n } from '@/lib/i18n';
import { applyProgress } from './apply-progress';

const progressPath = (lessonId: string) => `/api/lessons/${encodeURIComponent(lessonId)}/progress`;

export const reportProgress = ({ lessonId, body }: { lessonId: string; body: ProgressReportBody }) =>
  api.post<ProgressReportResult>(progressPath(lessonId), body);

/** For a page that is being hidden or closed: the request outlives the page. */
export function reportProgressOnExit(lessonId: string, body: ProgressReportBody) {
  void fetch(progressPath(lessonId), {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'x-portal-language': i18n.language ?? 'en' },
    body: JSON.stringify(body),
  }).catch(() => undefined);
}

export const useReportProgress = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportProgress,
    retry: 1,
    onSuccess: (result) => applyProgress(queryClient, result),
  });
};
