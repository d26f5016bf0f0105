import type { AdminModule } from '@portal/shared/admin-courses';
import type { CreateModuleBody } from '@portal/shared/course-authoring';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { authoringKeys } from './authoring-keys';

export const createModule = ({
  courseId,
  body,
}: {
  courseId: string;
  body: Partial<CreateModuleBody> & { title: string };
}) => api.post<AdminModule>(`/api/admin/courses/${encodeURIComponent(courseId)}/modules`, body);

export const useCreateModule = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createModule,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authoringKeys.all }),
  });
};
