import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { scormKeys } from './scorm-keys';

export const deleteScormPackage = (packageId: string) => api.delete<null>(`/api/scorm/packages/${packageId}`);

export const useDeleteScormPackage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteScormPackage,
    onSuccess: async (_data, packageId) => {
      queryClient.removeQueries({ queryKey: scormKeys.package(packageId) });
      await queryClient.invalidateQueries({ queryKey: scormKeys.packageLists() });
    },
  });
};
