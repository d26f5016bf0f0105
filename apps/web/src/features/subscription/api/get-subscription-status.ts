import { SUBSCRIPTION_QUERY } from '@portal/shared/constants';
import type { SubscriptionStatus } from '@portal/shared/tiers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const getSubscriptionStatus = (signal?: AbortSignal) =>
  api.get<SubscriptionStatus>('/api/subscription/check', signal);

export const subscriptionStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['subscription', 'status'],
    queryFn: ({ signal }) => getSubscriptionStatus(signal),
    staleTime: SUBSCRIPTION_QUERY.staleTimeMs,
    refetchInterval: SUBSCRIPTION_QUERY.refetchIntervalMs,
  });

/** Polled every 5 minutes, only while signed in. */
export const useSubscriptionStatus = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...subscriptionStatusQueryOptions(), enabled });
