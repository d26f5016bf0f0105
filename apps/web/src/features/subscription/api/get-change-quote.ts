import type { ChangeQuote } from '@portal/shared/subscription-management';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Change } from './change-plan';

export const getChangeQuote = ({ tier, interval }: Change, signal?: AbortSignal) =>
  api.get<ChangeQuote>(`/api/billing/subscription/change-quote?tier=${tier}&interval=${interval}`, signal);

/** What changing to `change` would charge now and when it would start, asked afresh each time it is shown. */
export const useChangeQuote = (change: Change | null) =>
  useQuery({
    queryKey: ['subscription', 'change-quote', change?.tier, change?.interval],
    queryFn: ({ signal }) => getChangeQuote(change as Change, signal),
    enabled: change !== null,
    staleTime: 0,
    gcTime: 0,
  });
