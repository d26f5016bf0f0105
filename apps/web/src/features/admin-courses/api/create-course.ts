import type { AdminCourse } from '@portal/shared/admin-courses';
import type { CreateCourseBody } from '@portal/shared/course-authoring';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { authoringKeys } from './authoring-keys';

export const createCourse = (body: Partial<CreateCourseBody> & { title: string }) =>
  api.post<AdminCourse>('/api/admin/courses', body);

export const useCreateCourse = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCourse,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authoringKeys.all }),
  });
};
