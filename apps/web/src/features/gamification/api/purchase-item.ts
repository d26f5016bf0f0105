import type { XpResult } from '@portal/shared/gamification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { GAMIFICATION_QUERY_KEY } from './gamification-query-key';

/** The caller makes one key per click, so the automatic retry of the mutation never buys twice. */
export const purchaseItem = ({ itemId, idempotencyKey }: { itemId: string; idempotencyKey: string }) =>
  api.post<XpResult>('/api/gamification/shop/purchase', { item_id: itemId, idempotency_key: idempotencyKey });

export const usePurchaseItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purchaseItem,
    onSettled: () => queryClient.invalidateQueries({ queryKey: GAMIFICATION_QUERY_KEY }),
  });
};
