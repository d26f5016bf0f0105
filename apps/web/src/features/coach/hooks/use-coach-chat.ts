import type { CoachLanguage, CoachMessage, ConversationDetail } from '@portal/shared/coach';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api';
import { useCreateConversation } from '../api/create-conversation';
import { coachOverviewQueryOptions } from '../api/get-coach-overview';
import { conversationQueryOptions } from '../api/get-conversation';
import { conversationsQueryOptions } from '../api/get-conversations';
import { sendMessage } from '../api/send-message';

/** The answer being written: the question as sent, the text so far, and whether the learner stopped it. */
export type LiveAnswer = {
  conversationId: string;
  question: string;
  text: string;
  stopped: boolean;
  /** Messages the conversation had before this question. */
  baseCount: number;
};

export type CoachError =
  | { kind: 'limit'; tier: string; message: string }
  | { kind: 'provider'; code: string; message: string }
  | { kind: 'other'; message: string };

/** What became of a question: kept in the conversation (answered or stopped), not taken, or its conversation is gone. */
export type SendOutcome = 'kept' | 'failed' | 'gone';

const REFRESH_AFTER_STOP_MS = 400;

const errorOf = (caught: unknown): CoachError =>
  caught instanceof ApiError && caught.code === 'subscription_required'
    ? { kind: 'limit', tier: caught.reasons[0] ?? 'us', message: caught.message }
    : { kind: 'other', message: caught instanceof Error ? caught.message : String(caught) };

const conversationGone = (caught: unknown) => caught instanceof ApiError && caught.status === 404;

/** Sends questions, follows the streamed answer and keeps the stored conversation in the cache. */
export function useCoachChat({ onAnswer }: { onAnswer: (message: CoachMessage) => void }) {
  const queryClient = useQueryClient();
  const { mutateAsync: startConversation } = useCreateConversation();
  const [live, setLive] = useState<LiveAnswer | null>(null);
  const [error, setError] = useState<CoachError | null>(null);
  const controller = useRef<AbortController | null>(null);
  const onAnswerRef = useRef(onAnswer);
  onAnswerRef.current = onAnswer;

  useEffect(() => () => controller.current?.abort(), []);

  const refresh = useCallback(
    (conversationId: string) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationQueryOptions(conversationId).queryKey }),
        queryClient.invalidateQueries({ queryKey: conversationsQueryOptions().queryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: coachOverviewQueryOptions().queryKey }),
      ]),
    [queryClient],
  );

  /** Sends a question, first starting a conversation when there is none (`onCreated` tells which one). */
  const send = useCallback(
    async ({
      conversationId: given,
      content,
      language,
      onCreated,
    }: {
      conversationId: string | null;
      content: string;
      language: CoachLanguage;
      onCreated: (conversationId: string) => void;
    }): Promise<SendOutcome> => {
      setError(null);
      let conversationId = given;
      if (!conversationId) {
        try {
          conversationId = (await startConversation()).id;
        } catch (caught) {
          setError(errorOf(caught));
          return 'failed';
        }
        onCreated(conversationId);
      }
      const abort = new AbortController();
      controller.current = abort;
      const key = conversationQueryOptions(conversationId).queryKey;
      const baseCount = queryClient.getQueryData<ConversationDetail>(key)?.messages.length ?? 0;
      setLive({ conversationId, question: content, text: '', stopped: false, baseCount });
      let asked: CoachMessage | null = null;
      let answered: string | null = null;
      let failed = false;
      try {
        await sendMessage({
          conversationId,
          content,
          language,
          signal: abort.signal,
          onEvent: (event) => {
            if (event.event === 'start') {
              asked = event.data.user_message;
            } else if (event.event === 'token') {
              setLive((current) => (current ? { ...current, text: current.text + event.data.text } : current));
            } else if (event.event === 'done') {
              answered = event.data.message.id;
              queryClient.setQueryData<ConversationDetail>(key, (detail) =>
                detail
                  ? {
                      ...detail,
                      messages: [...detail.messages.slice(0, baseCount), ...(asked ? [asked] : []), event.data.message],
                    }
                  : detail,
              );
              setLive(null);
              onAnswerRef.current(event.data.message);
            } else if (event.event === 'error') {
              failed = true;
              setError({ kind: 'provider', code: event.data.code, message: event.data.message });
              setLive(null);
            }
          },
        });
        if (abort.signal.aborted) {
          // The server keeps what was said so far; fetch it once it is stored.
          setTimeout(() => void refresh(conversationId), REFRESH_AFTER_STOP_MS);
        } else if (failed) {
          await refresh(conversationId);
          return 'failed';
        } else {
          await refresh(conversationId);
          // A first read of a new conversation may have started before the answer was stored; read it again then.
          const stored = (detail: ConversationDetail | undefined) =>
            Boolean(answered && detail?.messages.some((message) => message.id === answered));
          for (let retry = 0; retry < 5 && !stored(queryClient.getQueryData<ConversationDetail>(key)); retry += 1) {
            await new Promise((resolve) => setTimeout(resolve, 200));
            await refresh(conversationId);
          }
        }
        return 'kept';
      } catch (caught) {
        setLive(null);
        void refresh(conversationId);
        if (conversationGone(caught)) return 'gone';
        setError(errorOf(caught));
        return 'failed';
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [queryClient, refresh, startConversation],
  );

  const stop = useCallback(() => {
    controller.current?.abort();
    setLive((current) => (current ? { ...current, stopped: true } : current));
  }, []);

  return { live, error, send, stop, clearLive: () => setLive(null), streaming: live !== null && !live.stopped };
}
