import type { AdminLesson } from '@portal/shared/admin-courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authoringKeys } from './authoring-keys';
import { uploadFile } from './upload-file';

/** The video or PDF of a lesson, streamed to the server with progress. */
export const uploadLessonFile = ({
  lessonId,
  kind,
  file,
  onProgress,
}: {
  lessonId: string;
  kind: 'video' | 'pdf';
  file: File;
  onProgress?: (percent: number) => void;
}) => uploadFile<AdminLesson>({ path: `/api/admin/lessons/${encodeURIComponent(lessonId)}/${kind}`, file, onProgress });

export const useUploadLessonFile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLessonFile,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authoringKeys.all }),
  });
};
