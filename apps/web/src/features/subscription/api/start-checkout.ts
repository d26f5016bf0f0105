import type { CheckoutResult, Tier } from '@portal/shared/tiers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { subscriptionStatusQueryOptions } from './get-subscription-status';

export const startCheckout = (body: { tier: Tier; interval?: 'month' | 'year'; couponCode?: string }) =>
  api.post<CheckoutResult>('/api/subscription/checkout', body);

export const useStartCheckout = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startCheckout,
    onSuccess: async (result) => {
      if (result.freeAccess) await queryClient.refetchQueries(subscriptionStatusQueryOptions());
    },
  });
};
