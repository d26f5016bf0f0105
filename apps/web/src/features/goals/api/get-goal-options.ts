import type { GoalOptions } from '@portal/shared/goals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { goalsQueryOptions } from './get-goals';

export const getGoalOptions = (signal?: AbortSignal) => api.get<GoalOptions>('/api/goals/options', signal);

export const goalOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...goalsQueryOptions().queryKey, 'options'],
    queryFn: ({ signal }) => getGoalOptions(signal),
  });

export const useGoalOptions = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...goalOptionsQueryOptions(), enabled });
