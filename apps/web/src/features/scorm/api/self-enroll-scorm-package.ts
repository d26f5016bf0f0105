import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { scormKeys } from './scorm-keys';

export const selfEnrollScormPackage = (packageId: string) =>
  api
    .post<{ enrollment_id: string }>(`/api/scorm/packages/${packageId}/self-enrollment`)
    .then((data) => data.enrollment_id);

export const useSelfEnrollScormPackage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selfEnrollScormPackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scormKeys.myEnrollments() }),
  });
};
