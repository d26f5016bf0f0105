import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The same sanitised HTML learners will get. */
export const previewMarkdown = (markdown: string) =>
  api.post<{ html: string }>('/api/admin/markdown-preview', { markdown }).then((data) => data.html);

export const usePreviewMarkdown = () => useMutation({ mutationFn: previewMarkdown, retry: false });
