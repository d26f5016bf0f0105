import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { scormKeys } from './scorm-keys';

export const deleteScormEnrollment = ({ packageId, enrollmentId }: { packageId: string; enrollmentId: string }) =>
  api.delete<null>(`/api/scorm/packages/${packageId}/enrollments/${enrollmentId}`);

export const useDeleteScormEnrollment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteScormEnrollment,
    onSuccess: async (_data, { packageId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: scormKeys.enrollments(packageId) }),
        queryClient.invalidateQueries({ queryKey: scormKeys.analytics(packageId) }),
        queryClient.invalidateQueries({ queryKey: scormKeys.packageLists() }),
      ]);
    },
  });
};
