import type { AdminLesson } from '@portal/shared/admin-courses';
import type { CreateLessonBody } from '@portal/shared/course-authoring';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { authoringKeys } from './authoring-keys';

export const createLesson = ({ moduleId, body }: { moduleId: string; body: CreateLessonBody }) =>
  api.post<AdminLesson>(`/api/admin/modules/${encodeURIComponent(moduleId)}/lessons`, body);

export const useCreateLesson = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLesson,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authoringKeys.all }),
  });
};
