import type { ScormOwnAttemptList } from '@portal/shared/scorm-analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { scormKeys } from './scorm-keys';

export const getMyScormAttempts = (enrollmentId: string, signal?: AbortSignal) =>
  api.get<ScormOwnAttemptList>(`/api/scorm/my-enrollments/${enrollmentId}/attempts`, signal);

export const myScormAttemptsQueryOptions = (enrollmentId: string) =>
  queryOptions({
    queryKey: scormKeys.myAttempts(enrollmentId),
    queryFn: ({ signal }) => getMyScormAttempts(enrollmentId, signal),
  });

/** The signed-in learner's attempts at one of their enrolments. */
export const useMyScormAttempts = (enrollmentId: string) => useQuery(myScormAttemptsQueryOptions(enrollmentId));
