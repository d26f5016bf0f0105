import type { CheckoutSession } from '@portal/shared/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionStatusQueryOptions } from '@/features/subscription/api/get-subscription-status';
import { api } from '@/lib/api';
import { checkoutSessionQueryOptions } from './get-checkout-session';

type Payment = { sessionId: string; cardNumber: string; idempotencyKey: string };

export const paySandboxCheckout = ({ sessionId, ...body }: Payment) =>
  api.post<CheckoutSession>(`/api/billing/sandbox/${encodeURIComponent(sessionId)}/pay`, body);

export const usePaySandboxCheckout = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: paySandboxCheckout,
    onSuccess: async (session) => {
      queryClient.setQueryData(checkoutSessionQueryOptions(session.id).queryKey, session);
      await queryClient.invalidateQueries({ queryKey: subscriptionStatusQueryOptions().queryKey });
    },
  });
};
