import type { AdminModule } from '@portal/shared/admin-courses';
import type { UpdateModuleBody } from '@portal/shared/course-authoring';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { authoringKeys } from './authoring-keys';

export const updateModule = ({ moduleId, changes }: { moduleId: string; changes: UpdateModuleBody }) =>
  api.patch<AdminModule>(`/api/admin/modules/${encodeURIComponent(moduleId)}`, changes);

export const useUpdateModule = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateModule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authoringKeys.all }),
  });
};
