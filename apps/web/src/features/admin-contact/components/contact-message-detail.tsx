import { CONTACT_LIMITS, type ContactMessage } from '@portal/shared/contact';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useDisplayFormats } from '@/lib/profile';
import { useContactMessage } from '../api/get-contact-message';
import { useUpdateContactMessage } from '../api/update-contact-message';

function useWhen() {
  const { formatDate, formatTime } = useDisplayFormats();
  return (iso: string) => `${formatDate(new Date(iso))} ${formatTime(new Date(iso))}`;
}

function ReplyForm({ message }: { message: ContactMessage }) {
  const { t } = useTranslation('admin-contact');
  const update = useUpdateContactMessage();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<'required' | 'tooLong' | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const id = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSentTo(null);
    const trimmed = text.trim();
    const found = trimmed === '' ? 'required' : trimmed.length > CONTACT_LIMITS.reply ? 'tooLong' : null;
    setProblem(found);
    if (found) return;
    update.mutate(
      { id: message.id, kind: 'reply', message: trimmed },
      {
        onSuccess: () => {
          setText('');
          setSentTo(message.email);
        },
      },
    );
  };

  const describedBy = [`${id}-hint`, problem ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <Label htmlFor={id}>{t('reply.label', { email: message.email })}</Label>
      <Textarea
        id={id}
        rows={5}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t('reply.hint')}
      </p>
      {problem ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {t(`reply.errors.${problem}`, { max: CONTACT_LIMITS.reply })}
        </p>
      ) : null}
      <div aria-live="polite">
        {sentTo ? <Alert variant="success">{t('reply.sent', { email: sentTo })}</Alert> : null}
        {update.isError ? <Alert variant="destructive">{t('reply.failed')}</Alert> : null}
      </div>
      <Button type="submit" className="self-start" disabled={update.isPending}>
        {update.isPending ? t('reply.sending') : t('reply.send')}
      </Button>
    </form>
  );
}

function StatusButton({ message }: { message: ContactMessage }) {
  const { t } = useTranslation('admin-contact');
  const update = useUpdateContactMessage();
  const closed = message.status === 'closed';
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={update.isPending}
        onClick={() =>
          update.mutate({ id: message.id, kind: 'status', change: { status: closed ? 'open' : 'closed' } })
        }
      >
        {closed ? t('reopen') : t('close')}
      </Button>
      <div aria-live="polite" className="text-xs">
        {update.isError ? <span className="text-destructive">{t('statusFailed')}</span> : null}
      </div>
    </div>
  );
}

/** One message as the sender wrote it (shown as plain text), the replies sent so far and the reply box. */
export function ContactMessageDetail({ id }: { id: string }) {
  const { t } = useTranslation('admin-contact');
  const when = useWhen();
  const query = useContactMessage(id);
  if (query.isPending) return <Spinner label={t('loadingMessage')} />;
  if (query.isError) return <Alert variant="destructive">{t('messageFailed')}</Alert>;
  const message = query.data;
  return (
    <article aria-labelledby={`contact-${message.id}-title`} className="rounded-lg border border-border bg-card p-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`contact-${message.id}-title`} className="text-lg font-semibold">
            {t(`topics.${message.topic}`)}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t('from', { name: message.name, email: message.email })}
            {' · '}
            {message.has_account ? t('hasAccount') : t('noAccount')}
          </p>
          <p className="text-sm text-muted-foreground">{t('received', { when: when(message.created_at) })}</p>
        </div>
        <div className="flex items-start gap-3">
          <Badge>{t(`status.${message.status}`)}</Badge>
          <StatusButton message={message} />
        </div>
      </header>
      <p className="mt-4 whitespace-pre-wrap break-words rounded-md bg-muted p-4">{message.message}</p>
      <section aria-labelledby={`contact-${message.id}-history`} className="mt-6">
        <h3 id={`contact-${message.id}-history`} className="font-semibold">
          {t('history.title')}
        </h3>
        {message.replies.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">{t('history.none')}</p>
        ) : (
          <ol className="mt-2 space-y-3">
            {message.replies.map((reply) => (
              <li key={reply.id} className="rounded-md border border-border p-3">
                <p className="text-xs text-muted-foreground">
                  {t('history.by', {
                    name: reply.admin_name ?? t('history.formerAdmin'),
                    when: when(reply.created_at),
                  })}
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words text-sm">{reply.message}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
      <div className="mt-6">
        <ReplyForm key={message.id} message={message} />
      </div>
    </article>
  );
}
