import type { AdminCourse } from '@portal/shared/admin-courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authoringKeys } from './authoring-keys';
import { uploadFile } from './upload-file';

export const uploadCover = ({
  courseId,
  file,
  onProgress,
}: {
  courseId: string;
  file: File;
  onProgress?: (percent: number) => void;
}) => uploadFile<AdminCourse>({ path: `/api/admin/courses/${encodeURIComponent(courseId)}/cover`, file, onProgress });

export const useUploadCover = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCover,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authoringKeys.all }),
  });
};
