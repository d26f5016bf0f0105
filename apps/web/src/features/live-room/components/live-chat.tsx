import { LIVE_CHAT_MAX_LENGTH } from '@portal/shared/live-room';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api';
import { dateTimeFormat } from '@/lib/intl-formats';
import { useLiveChat } from '../api/get-live-chat';
import { leaveClosedRoom } from '../api/get-live-room-lobby';
import { useDeleteLiveChat, useSendLiveChat } from '../api/send-live-chat';

/** The room chat: history on entry, older pages on request, Enter sends; the host deletes messages. */
export function LiveChat({
  sessionId,
  canModerate,
  muted,
}: {
  sessionId: string;
  canModerate: boolean;
  muted: boolean;
}) {
  const { t, i18n } = useTranslation('live-room');
  const inputId = useId();
  const chat = useLiveChat(sessionId, true);
  const send = useSendLiveChat(sessionId);
  const remove = useDeleteLiveChat(sessionId);
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const messages = [...(chat.data?.pages ?? [])].reverse().flatMap((page) => page.messages);
  const time = dateTimeFormat(i18n.language, { timeStyle: 'short' });

  const lastId = messages.at(-1)?.id;
  useEffect(() => {
    if (lastId && listRef.current) listRef.current.scrollTop = listRef.current.scrollHeight;
  }, [lastId]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = text.trim();
    if (!body) return;
    setProblem('');
    send.mutate(body, {
      onSuccess: () => setText(''),
      onError: (error) => {
        if (leaveClosedRoom(queryClient, sessionId, error)) return;
        const code = error instanceof ApiError ? error.code : 'network';
        setProblem(
          code === 'rate_limited' ? t('chat.tooFast') : code === 'chat_muted' ? t('chat.mutedError') : t('chat.failed'),
        );
      },
    });
  };

  return (
    <section
      aria-labelledby="live-chat-title"
      className="flex min-h-80 flex-col rounded-lg border border-border bg-card p-4"
    >
      <h2 id="live-chat-title" className="mb-2 text-lg font-semibold">
        {t('chat.title')}
      </h2>
      {chat.hasNextPage ? (
        <Button variant="link" size="sm" onClick={() => void chat.fetchNextPage()} disabled={chat.isFetchingNextPage}>
          {t('chat.older')}
        </Button>
      ) : null}
      <div
        ref={listRef}
        role="log"
        aria-live="polite"
        aria-label={t('chat.messages')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls, so keyboard users must be able to focus it
        tabIndex={0}
        className="mb-3 max-h-96 flex-1 overflow-y-auto"
      >
        <ol className="flex flex-col gap-2">
          {messages.length === 0 ? <li className="text-sm text-muted-foreground">{t('chat.empty')}</li> : null}
          {messages.map((message) => (
            <li key={message.id} className="group rounded-md bg-muted/50 px-3 py-2 text-sm">
              <div className="flex items-baseline justify-between gap-2">
                <span className="font-medium">{message.name}</span>
                <time dateTime={message.created_at} className="text-xs text-muted-foreground">
                  {time.format(new Date(message.created_at))}
                </time>
              </div>
              <p className="break-words whitespace-pre-wrap">{message.body}</p>
              {canModerate ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => remove.mutate(message.id)}
                  aria-label={t('chat.deleteLabel', { name: message.name })}
                >
                  {t('chat.delete')}
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
      </div>
      {muted ? <p className="mb-2 text-sm text-muted-foreground">{t('chat.mutedNotice')}</p> : null}
      <form onSubmit={onSubmit} className="flex items-end gap-2">
        <div className="flex flex-1 flex-col gap-1">
          <Label htmlFor={inputId}>{t('chat.label')}</Label>
          <Input
            id={inputId}
            value={text}
            maxLength={LIVE_CHAT_MAX_LENGTH}
            onChange={(event) => setText(event.target.value)}
            disabled={muted}
            autoComplete="off"
          />
        </div>
        <Button type="submit" disabled={muted || send.isPending || text.trim() === ''}>
          {t('chat.send')}
        </Button>
      </form>
      <p
        role="status"
        className={`mt-1 min-h-5 text-sm ${send.isPaused ? 'text-muted-foreground' : 'text-destructive'}`}
      >
        {send.isPaused ? t('chat.waiting') : problem}
      </p>
    </section>
  );
}
