import type { LiveChatMessage } from '@portal/shared/live-room';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { receiveLiveChatMessage, removeLiveChatMessage } from './get-live-chat';
import { roomPath } from './get-live-room-lobby';

export const useSendLiveChat = (sessionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api.post<LiveChatMessage>(`${roomPath(sessionId)}/messages`, { body }),
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
