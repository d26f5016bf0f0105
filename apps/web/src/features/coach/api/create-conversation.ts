import type { Conversation } from '@portal/shared/coach';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { conversationsQueryOptions } from './get-conversations';

export const createConversation = () =>
  api.post<{ conversation: Conversation }>('/api/coach/conversations', {}).then((result) => result.conversation);

export const useCreateConversation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConversation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationsQueryOptions().queryKey }),
  });
};
