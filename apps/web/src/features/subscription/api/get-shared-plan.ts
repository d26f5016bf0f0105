import type { SharedPlan } from '@portal/shared/seats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const sharedPlanQueryOptions = () =>
  queryOptions({
    queryKey: ['subscription', 'shared-plan'],
    queryFn: ({ signal }) => api.get<SharedPlan>('/api/shared-plan', signal),
  });

export const useSharedPlan = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...sharedPlanQueryOptions(), enabled });
