import type { CreateScormEnrollmentsBody, ScormEnrollment } from '@portal/shared/scorm';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { scormKeys } from './scorm-keys';

export const createScormEnrollments = ({ packageId, body }: { packageId: string; body: CreateScormEnrollmentsBody }) =>
  api
    .post<{ enrollments: ScormEnrollment[] }>(`/api/scorm/packages/${packageId}/enrollments`, body)
    .then((data) => data.enrollments);

export const useCreateScormEnrollments = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createScormEnrollments,
    onSuccess: async (enrollments, { packageId }) => {
      queryClient.setQueryData(scormKeys.enrollments(packageId), enrollments);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: scormKeys.analytics(packageId) }),
        queryClient.invalidateQueries({ queryKey: scormKeys.packageLists() }),
      ]);
    },
  });
};
