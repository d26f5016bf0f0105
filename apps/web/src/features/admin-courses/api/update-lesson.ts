import type { AdminLesson } from '@portal/shared/admin-courses';
import type { UpdateLessonBody } from '@portal/shared/course-authoring';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { authoringKeys } from './authoring-keys';

export const updateLesson = ({ lessonId, changes }: { lessonId: string; changes: UpdateLessonBody }) =>
  api.patch<AdminLesson>(`/api/admin/lessons/${encodeURIComponent(lessonId)}`, changes);

export const useUpdateLesson = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLesson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authoringKeys.all }),
  });
};
