import type { ScormPerson } from '@portal/shared/scorm';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { scormKeys } from './scorm-keys';

export const searchScormLearners = (search: string, signal?: AbortSignal) =>
  api
    .get<{ learners: ScormPerson[] }>(`/api/scorm/learners?search=${encodeURIComponent(search)}`, signal)
    .then((data) => data.learners);

export const scormLearnersQueryOptions = (search: string) =>
  queryOptions({
    queryKey: scormKeys.learners(search),
    queryFn: ({ signal }) => searchScormLearners(search, signal),
    placeholderData: keepPreviousData,
  });

export const useScormLearners = (search: string) => useQuery(scormLearnersQueryOptions(search));
