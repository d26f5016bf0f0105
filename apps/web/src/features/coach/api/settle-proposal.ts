import type { CoachMessage } from '@portal/shared/coach';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { conversationsQueryOptions } from './get-conversations';

type Settle = { messageId: string; proposalId: string; action: 'confirm' | 'dismiss' };

export const settleProposal = ({ messageId, proposalId, action }: Settle) =>
  api.post<{ message: CoachMessage }>(`/api/coach/messages/${messageId}/proposals/${proposalId}/${action}`);

/** Confirm writes the coach's suggestion (flashcards or a goal); Dismiss only marks it. */
export const useSettleProposal = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleProposal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationsQueryOptions().queryKey }),
  });
};
