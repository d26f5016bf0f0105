import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { authoringKeys } from './authoring-keys';

/** Refused with 409 while the module still has lessons. */
export const deleteModule = (moduleId: string) =>
  api.delete<void>(`/api/admin/modules/${encodeURIComponent(moduleId)}`);

export const useDeleteModule = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteModule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authoringKeys.all }),
  });
};
