import type { AtRiskPage } from '@portal/shared/admin-analytics';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const getAtRiskLearners = (
  { course, cursor }: { course: string | null; cursor: string | null },
  signal?: AbortSignal,
) => {
  const params = new URLSearchParams();
  if (course) params.set('course', course);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return api.get<AtRiskPage>(`/api/admin/analytics/at-risk${query ? `?${query}` : ''}`, signal);
};

export const atRiskLearnersQueryOptions = (course: string | null) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'analytics', 'at-risk', course],
    queryFn: ({ pageParam, signal }) => getAtRiskLearners({ course, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    staleTime: 60_000,
  });

export const useAtRiskLearners = (course: string | null) => useInfiniteQuery(atRiskLearnersQueryOptions(course));
