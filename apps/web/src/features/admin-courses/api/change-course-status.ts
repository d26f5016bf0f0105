import type { AdminCourse } from '@portal/shared/admin-courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { authoringKeys } from './authoring-keys';

export type CourseStatusAction = 'publish' | 'unpublish' | 'archive';

export const changeCourseStatus = ({ courseId, action }: { courseId: string; action: CourseStatusAction }) =>
  api.post<AdminCourse>(`/api/admin/courses/${encodeURIComponent(courseId)}/${action}`);

export const useChangeCourseStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCourseStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authoringKeys.all }),
  });
};
