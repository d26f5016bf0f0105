import type { ConversationDetail } from '@portal/shared/coach';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { conversationsQueryOptions } from './get-conversations';

export const getConversation = (conversationId: string, signal?: AbortSignal) =>
  api.get<ConversationDetail>(`/api/coach/conversations/${conversationId}`, signal);

export const conversationQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: [...conversationsQueryOptions().queryKey, conversationId],
    queryFn: ({ signal }) => getConversation(conversationId, signal),
  });

export const useConversation = (conversationId: string | null) =>
  useQuery({ ...conversationQueryOptions(conversationId ?? ''), enabled: conversationId !== null });
