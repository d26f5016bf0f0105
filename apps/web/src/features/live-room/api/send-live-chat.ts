import type { LiveChatMessage } from '@portal/shared/live-room';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api';
import { enterLiveRoom } from './enter-live-room';
import { receiveLiveChatMessage, removeLiveChatMessage } from './get-live-chat';
import { roomPath } from './get-live-room-lobby';
import { storeLiveRoomState } from './get-live-room-state';

const postMessage = (sessionId: string, body: string) =>
  api.post<LiveChatMessage>(`${roomPath(sessionId)}/messages`, { body });

/**
 * Sends a message. After a time offline this person's presence has run out ("Enter the room first."): the message
 * enters the room again and is sent once more.
 */
export const sendLiveChat = async (queryClient: QueryClient, sessionId: string, body: string) => {
  try {
    return await postMessage(sessionId, body);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'conflict')) throw error;
    storeLiveRoomState(queryClient, await enterLiveRoom(sessionId));
    return postMessage(sessionId, body);
  }
};

export const useSendLiveChat = (sessionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => sendLiveChat(queryClient, sessionId, body),
    onSuccess: (message) => receiveLiveChatMessage(queryClient, sessionId, message),
  });
};

/** The host deletes a message for everyone. */
export const useDeleteLiveChat = (sessionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) =>
      api.delete<null>(`${roomPath(sessionId)}/messages/${encodeURIComponent(messageId)}`),
    onSuccess: (_result, messageId) => removeLiveChatMessage(queryClient, sessionId, messageId),
  });
};
