import type { ScormEnrollment } from '@portal/shared/scorm';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { scormKeys } from './scorm-keys';

export const getScormEnrollments = (packageId: string, signal?: AbortSignal) =>
  api
    .get<{ enrollments: ScormEnrollment[] }>(`/api/scorm/packages/${packageId}/enrollments`, signal)
    .then((data) => data.enrollments);

export const scormEnrollmentsQueryOptions = (packageId: string) =>
  queryOptions({
    queryKey: scormKeys.enrollments(packageId),
    queryFn: ({ signal }) => getScormEnrollments(packageId, signal),
  });

export const useScormEnrollments = (packageId: string) => useQuery(scormEnrollmentsQueryOptions(packageId));
