import type { LiveChatMessage, LiveChatPage } from '@portal/shared/live-room';
import { type InfiniteData, infiniteQueryOptions, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { roomPath } from './get-live-room-lobby';

export const liveChatQueryOptions = (sessionId: string) =>
  infiniteQueryOptions({
    queryKey: ['live-room', sessionId, 'chat'],
    queryFn: ({ pageParam, signal }) =>
      api.get<LiveChatPage>(
        `${roomPath(sessionId)}/messages${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`,
        signal,
      ),
    initialPageParam: '',
    getNextPageParam: (page) => page.next_before ?? undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Chat history loaded on entry; older pages on request. Pages are newest first, messages oldest first. */
export const useLiveChat = (sessionId: string, enabled: boolean) =>
  useInfiniteQuery({ ...liveChatQueryOptions(sessionId), enabled });

type ChatData = InfiniteData<LiveChatPage, string>;

export const invalidateLiveChat = (queryClient: QueryClient, sessionId: string) =>
  queryClient.invalidateQueries({ queryKey: liveChatQueryOptions(sessionId).queryKey });

/** Adds a pushed message to the newest page, once. */
export function receiveLiveChatMessage(queryClient: QueryClient, sessionId: string, message: LiveChatMessage) {
  queryClient.setQueryData<ChatData>(liveChatQueryOptions(sessionId).queryKey, (data) => {
    if (!data) return data;
    if (data.pages.some((page) => page.messages.some((known) => known.id === message.id))) return data;
    const [newest, ...rest] = data.pages;
    if (!newest) return data;
    return { ...data, pages: [{ ...newest, messages: [...newest.messages, message] }, ...rest] };
  });
}

export function removeLiveChatMessage(queryClient: QueryClient, sessionId: string, messageId: string) {
  queryClient.setQueryData<ChatData>(liveChatQueryOptions(sessionId).queryKey, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            messages: page.messages.filter((message) => message.id !== messageId),
          })),
        }
      : data,
  );
}
