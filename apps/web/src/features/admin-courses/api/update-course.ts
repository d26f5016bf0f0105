import type { AdminCourse } from '@portal/shared/admin-courses';
import type { UpdateCourseBody } from '@portal/shared/course-authoring';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { authoringKeys } from './authoring-keys';

export const updateCourse = ({ courseId, changes }: { courseId: string; changes: UpdateCourseBody }) =>
  api.patch<AdminCourse>(`/api/admin/courses/${encodeURIComponent(courseId)}`, changes);

export const useUpdateCourse = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCourse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authoringKeys.all }),
  });
};
