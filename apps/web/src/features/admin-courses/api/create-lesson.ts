import type { AdminLesson, CreateLessonBody } from '@portal/shared/courses';
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
