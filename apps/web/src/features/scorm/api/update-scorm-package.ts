import type { ScormPackage, UpdateScormPackageBody } from '@portal/shared/scorm';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { scormKeys } from './scorm-keys';

export const updateScormPackage = ({ packageId, changes }: { packageId: string; changes: UpdateScormPackageBody }) =>
  api.patch<{ package: ScormPackage }>(`/api/scorm/packages/${packageId}`, changes).then((data) => data.package);

export const useUpdateScormPackage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateScormPackage,
    onSuccess: async (pkg) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: scormKeys.package(pkg.id) }),
        queryClient.invalidateQueries({ queryKey: scormKeys.packageLists() }),
      ]);
    },
  });
};
