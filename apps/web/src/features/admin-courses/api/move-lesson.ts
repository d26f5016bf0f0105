import type { AdminCourseDetail } from '@portal/shared/admin-courses';
import type { MoveLessonBody } from '@portal/shared/course-authoring';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { authoringKeys } from './authoring-keys';

export const moveLesson = ({ lessonId, body }: { lessonId: string; body: MoveLessonBody }) =>
  api.post<AdminCourseDetail>(`/api/admin/lessons/${encodeURIComponent(lessonId)}/move`, body);

export const useMoveLesson = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveLesson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authoringKeys.all }),
  });
};
