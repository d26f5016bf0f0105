import type { CoachOverview } from '@portal/shared/coach';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const getCoachOverview = (signal?: AbortSignal) => api.get<CoachOverview>('/api/coach/overview', signal);

export const coachOverviewQueryOptions = () =>
  queryOptions({ queryKey: ['coach', 'overview'], queryFn: ({ signal }) => getCoachOverview(signal), staleTime: 0 });

export const useCoachOverview = () => useQuery(coachOverviewQueryOptions());
