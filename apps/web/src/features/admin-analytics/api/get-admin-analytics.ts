import type { AdminAnalytics, ExportSection } from '@portal/shared/admin-analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The screen's filters: a range of UTC days and, optionally, one course. */
export type AnalyticsFilters = { from: string; to: string; course: string | null };

const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** What the screen opens with: the last 30 UTC days, all courses. */
export const defaultAnalyticsFilters = (): AnalyticsFilters => ({ from: utcDay(-29), to: utcDay(0), course: null });

const filterQuery = ({ from, to, course }: AnalyticsFilters) => {
  const params = new URLSearchParams({ from, to });
  if (course) params.set('course', course);
  return params;
};

export const getAdminAnalytics = (filters: AnalyticsFilters, signal?: AbortSignal) =>
  api.get<AdminAnalytics>(`/api/admin/analytics?${filterQuery(filters)}`, signal);

export const adminAnalyticsQueryOptions = (filters: AnalyticsFilters) =>
  queryOptions({
    queryKey: ['admin', 'analytics', 'overview', filters.from, filters.to, filters.course],
    queryFn: ({ signal }) => getAdminAnalytics(filters, signal),
    staleTime: 60_000,
  });

export const useAdminAnalytics = (filters: AnalyticsFilters, enabled = true) =>
  useQuery({ ...adminAnalyticsQueryOptions(filters), placeholderData: keepPreviousData, enabled });

/** Where the browser downloads one section as CSV; the session cookie goes along. */
export const adminAnalyticsCsvUrl = (section: ExportSection, filters: AnalyticsFilters) => {
  const params = filterQuery(filters);
  params.set('section', section);
  return `/api/admin/analytics/export.csv?${params}`;
};
