import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { conversationsQueryOptions } from './get-conversations';

/** Deletes one conversation, or every conversation of the learner when no id is given. */
export const deleteConversation = (conversationId: string | null) =>
  api.delete<null>(conversationId ? `/api/coach/conversations/${conversationId}` : '/api/coach/conversations');

export const useDeleteConversation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationsQueryOptions().queryKey }),
  });
};
