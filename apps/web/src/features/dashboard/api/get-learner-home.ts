import type { LearnerHome } from '@portal/shared/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const getLearnerHome = (signal?: AbortSignal) => api.get<LearnerHome>('/api/analytics/home', signal);

// Stats change with every lesson, XP award and goal: the home's route loader refetches them whenever the home opens
// (see router.tsx); the few seconds of freshness only spare the screen a second request right after the loader's.
export const getLearnerHomeQueryOptions = () =>
  queryOptions({
    queryKey: ['analytics', 'home'],
    queryFn: ({ signal }) => getLearnerHome(signal),
    staleTime: 5_000,
  });

export const useLearnerHome = () => useQuery(getLearnerHomeQueryOptions());
