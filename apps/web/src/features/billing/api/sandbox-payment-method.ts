import type { paymentMethodResultSchema } from '@portal/shared/subscription-management';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';

type PaymentMethodResult = z.infer<typeof paymentMethodResultSchema>;

export const paymentMethodQueryOptions = () =>
  queryOptions({
    queryKey: ['billing', 'payment-method'],
    queryFn: ({ signal }) => api.get<PaymentMethodResult>('/api/billing/payment-method', signal),
  });

export const usePaymentMethod = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...paymentMethodQueryOptions(), enabled });

/** The sandbox portal's card change. */
export const updateSandboxCard = (cardNumber: string) =>
  api.post<PaymentMethodResult>('/api/billing/sandbox/payment-method', { cardNumber });

export const useUpdateSandboxCard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSandboxCard,
    onSuccess: (result) => queryClient.setQueryData(paymentMethodQueryOptions().queryKey, result),
  });
};
