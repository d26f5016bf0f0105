import type { CheckoutSession } from '@portal/shared/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const getCheckoutSession = (sessionId: string, signal?: AbortSignal) =>
  api.get<CheckoutSession>(`/api/billing/sessions/${encodeURIComponent(sessionId)}`, signal);

export const checkoutSessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['billing', 'session', sessionId],
    queryFn: ({ signal }) => getCheckoutSession(sessionId, signal),
    retry: false,
  });

/** The signed-in user's checkout session; polls while `pollMs` is set. */
export const useCheckoutSession = (
  sessionId: string,
  { enabled, pollMs }: { enabled: boolean; pollMs?: number | false },
) => useQuery({ ...checkoutSessionQueryOptions(sessionId), enabled, refetchInterval: pollMs ?? false });
