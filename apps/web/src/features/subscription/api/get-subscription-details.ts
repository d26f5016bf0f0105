import type { SubscriptionDetails } from '@portal/shared/subscription-management';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { invoicesQueryOptions } from './get-invoices';
import { sharedPlanQueryOptions } from './get-shared-plan';
import { subscriptionStatusQueryOptions } from './get-subscription-status';

export const getSubscriptionDetails = (signal?: AbortSignal) =>
  api.get<SubscriptionDetails>('/api/billing/subscription', signal);

export const subscriptionDetailsQueryOptions = () =>
  queryOptions({
    queryKey: ['subscription', 'details'],
    queryFn: ({ signal }) => getSubscriptionDetails(signal),
  });

export const useSubscriptionDetails = () => useQuery(subscriptionDetailsQueryOptions());

/** After a plan change: the status the guards read, the details, receipts and seats are fetched again. */
export const invalidateSubscription = (queryClient: QueryClient) =>
  Promise.all(
    [
      subscriptionStatusQueryOptions().queryKey,
      subscriptionDetailsQueryOptions().queryKey,
      invoicesQueryOptions().queryKey,
      sharedPlanQueryOptions().queryKey,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );

export const useRefreshSubscription = () => {
  const queryClient = useQueryClient();
  return () => invalidateSubscription(queryClient);
};
