import type { AdminOverview, OverviewRange } from '@portal/shared/admin-overview';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The period the admin home opens with, in days. */
export const DEFAULT_OVERVIEW_RANGE: OverviewRange = 30;

export const adminOverviewQueryOptions = (range: OverviewRange) =>
  queryOptions({
    queryKey: ['admin', 'overview', range],
    queryFn: ({ signal }) => api.get<AdminOverview>(`/api/admin/overview?range=${range}`, signal),
    // Health and activity move; a minute old is still a fair picture.
    staleTime: 60_000,
  });

export const useAdminOverview = (range: OverviewRange) =>
  useQuery({ ...adminOverviewQueryOptions(range), placeholderData: keepPreviousData });
