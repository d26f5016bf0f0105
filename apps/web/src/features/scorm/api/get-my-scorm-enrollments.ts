import type { MyScormEnrollment } from '@portal/shared/scorm';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { scormKeys } from './scorm-keys';

export const getMyScormEnrollments = (signal?: AbortSignal) =>
  api.get<{ enrollments: MyScormEnrollment[] }>('/api/scorm/my-enrollments', signal).then((data) => data.enrollments);

export const myScormEnrollmentsQueryOptions = () =>
  queryOptions({ queryKey: scormKeys.myEnrollments(), queryFn: ({ signal }) => getMyScormEnrollments(signal) });

export const useMyScormEnrollments = () => useQuery(myScormEnrollmentsQueryOptions());
