import type { Conversation } from '@portal/shared/coach';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const getConversations = (signal?: AbortSignal) =>
  api.get<{ conversations: Conversation[] }>('/api/coach/conversations', signal);

export const conversationsQueryOptions = () =>
  queryOptions({ queryKey: ['coach', 'conversations'], queryFn: ({ signal }) => getConversations(signal) });

export const useConversations = () => useQuery(conversationsQueryOptions());
