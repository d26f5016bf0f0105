import type { AdminCourse } from '@portal/shared/admin-courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { authoringKeys } from './authoring-keys';

export const deleteCover = (courseId: string) =>
  api.delete<AdminCourse>(`/api/admin/courses/${encodeURIComponent(courseId)}/cover`);

export const useDeleteCover = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCover,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authoringKeys.all }),
  });
};
