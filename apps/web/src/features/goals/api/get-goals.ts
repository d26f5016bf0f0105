import type { GoalList } from '@portal/shared/goals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const getGoals = (signal?: AbortSignal) => api.get<GoalList>('/api/goals', signal);

/** Progress comes from activity anywhere in the portal, so the list is asked for again on every visit. */
export const goalsQueryOptions = () =>
  queryOptions({ queryKey: ['goals'], queryFn: ({ signal }) => getGoals(signal), staleTime: 0 });

export const useGoals = () => useQuery(goalsQueryOptions());
