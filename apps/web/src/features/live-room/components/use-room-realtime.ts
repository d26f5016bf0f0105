import type { LiveSignalData } from '@portal/shared/live-room';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { RealtimeClient, realtimeUrl } from '@/lib/realtime';
import { invalidateLiveAttendance } from '../api/get-live-attendance';
import { invalidateLiveChat, receiveLiveChatMessage, removeLiveChatMessage } from '../api/get-live-chat';
import { refreshLiveRoomLobby } from '../api/get-live-room-lobby';
import { invalidateLiveRoomState } from '../api/get-live-room-state';
import { TAB_ID } from '../utils/tab-id';

/** A signal from a person's tab holding their call (`fromTab` null from clients that send none). */
export type SignalListener = (from: string, fromTab: string | null, data: LiveSignalData) => void;

/**
 * The room's own realtime socket: chat and room changes are applied to the queries, WebRTC signals (sent in parts)
 * are put back together for the call.
 */
export function useRoomRealtime(sessionId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const clientRef = useRef<RealtimeClient | null>(null);
  const signalListeners = useRef(new Set<SignalListener>());
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (!enabled) return;
    const client = new RealtimeClient(realtimeUrl());
    clientRef.current = client;
    const partial = new Map<string, string[]>();
    const unsubscribe = client.subscribe((message) => {
      if (message.type === 'ready') {
        setConnected(true);
        // After a reconnect, fetch what may have been missed: the room state and the chat.
        void invalidateLiveRoomState(queryClient, sessionId);
        void invalidateLiveChat(queryClient, sessionId);
        void invalidateLiveAttendance(queryClient, sessionId);
        return;
      }
      // The session itself was cancelled or moved: the page asks whether its room is still open.
      if (message.type === 'live_session_changed') {
        if (message.session_id !== sessionId) return;
        void refreshLiveRoomLobby(queryClient, sessionId);
        void invalidateLiveRoomState(queryClient, sessionId);
        return;
      }
      if (!('sessionId' in message) || message.sessionId !== sessionId) return;
      if (message.type === 'live_room_changed') {
        void invalidateLiveRoomState(queryClient, sessionId);
        // Someone came or went: the host's attendance list follows.
        if (message.change === 'presence') void invalidateLiveAttendance(queryClient, sessionId);
      } else if (message.type === 'live_chat_message') receiveLiveChatMessage(queryClient, sessionId, message.message);
      else if (message.type === 'live_chat_deleted') removeLiveChatMessage(queryClient, sessionId, message.messageId);
      // A signal for another tab of mine (one I no longer hold the call in) is not for this page.
      else if (message.type === 'live_signal' && (message.toTab ?? TAB_ID) === TAB_ID) {
        const parts = partial.get(message.signalId) ?? new Array<string>(message.parts).fill('');
        parts[message.part] = message.chunk;
        partial.set(message.signalId, parts);
        if (parts.some((part) => part === '')) return;
        partial.delete(message.signalId);
        try {
          const data = JSON.parse(parts.join('')) as LiveSignalData;
          for (const listener of signalListeners.current) listener(message.from, message.fromTab ?? null, data);
        } catch {
          // A signal that does not parse is dropped; the peers renegotiate.
        }
      }
    });
    client.start();
    return () => {
      unsubscribe();
      client.stop();
      clientRef.current = null;
      setConnected(false);
    };
  }, [sessionId, enabled, queryClient]);

  const sendSignal = useCallback(
    (to: string, toTab: string | null, data: LiveSignalData) =>
      clientRef.current?.send({
        type: 'live_signal',
        sessionId,
        to,
        from_tab: TAB_ID,
        ...(toTab ? { to_tab: toTab } : {}),
        data,
      }) ?? false,
    [sessionId],
  );
  const onSignal = useCallback((listener: SignalListener) => {
    signalListeners.current.add(listener);
    return () => {
      signalListeners.current.delete(listener);
    };
  }, []);
  return useMemo(() => ({ connected, sendSignal, onSignal }), [connected, sendSignal, onSignal]);
}

export type RoomRealtime = ReturnType<typeof useRoomRealtime>;
