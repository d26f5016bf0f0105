import type { LearnerHome } from '@portal/shared/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const getLearnerHome = (signal?: AbortSignal) => api.get<LearnerHome>('/api/analytics/home', signal);

// Stats change with every lesson, XP award and goal: always refetch when the home opens.
export const getLearnerHomeQueryOptions = () =>
  queryOptions({ queryKey: ['analytics', 'home'], queryFn: ({ signal }) => getLearnerHome(signal), staleTime: 0 });

export const useLearnerHome = () => useQuery(getLearnerHomeQueryOptions());
