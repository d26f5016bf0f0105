import type { AnalyticsRangeQuery, LearnerAnalytics } from '@portal/shared/analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const getLearnerAnalytics = ({ from, to }: AnalyticsRangeQuery, signal?: AbortSignal) =>
  api.get<LearnerAnalytics>(
    `/api/analytics/learner?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    signal,
  );

export const getLearnerAnalyticsQueryOptions = (range: AnalyticsRangeQuery) =>
  queryOptions({
    queryKey: ['analytics', 'learner', range.from, range.to],
    queryFn: ({ signal }) => getLearnerAnalytics(range, signal),
    staleTime: 0,
  });

export const useLearnerAnalytics = (range: AnalyticsRangeQuery) =>
  useQuery({ ...getLearnerAnalyticsQueryOptions(range), placeholderData: keepPreviousData });
