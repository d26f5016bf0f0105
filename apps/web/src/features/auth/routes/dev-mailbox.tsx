import { Inbox, MessageSquare } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { formatInstant } from '@/lib/intl-formats';
import { useMailbox } from '../api/get-mailbox';

const URL_PATTERN = /(https?:\/\/[^\s]+)/g;

/** Renders message text with its links clickable; each part is keyed by its offset in the text. */
function MessageText({ text }: { text: string }) {
  let offset = 0;
  const parts = text.split(URL_PATTERN).map((part) => {
    const key = offset;
    offset += part.length;
    return { key, part };
  });
  return (
    <p className="whitespace-pre-wrap break-words text-sm">
      {parts.map(({ key, part }) =>
        /^https?:\/\//.test(part) ? (
          <a key={key} href={part} className="text-primary underline">
            {part}
          </a>
        ) : (
          <Fragment key={key}>{part}</Fragment>
        ),
      )}
    </p>
  );
}

/** Why the mailbox cannot be shown: signed out, signed in without admin rights, or turned off on this server. */
function MailboxRefused({ error }: { error: Error }) {
  const { t } = useTranslation('auth');
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 401) {
    return (
      <Alert variant="info" className="flex flex-col items-start gap-2">
        <span>{t('mailbox.signInAsAdmin')}</span>
        <span>{t('mailbox.serverLog')}</span>
        <Link to="/login" state={{ from: '/dev/mailbox' }} className="font-medium text-primary underline">
          {t('mailbox.signIn')}
        </Link>
      </Alert>
    );
  }
  return (
    <Alert variant={status === 403 ? 'info' : 'destructive'} className="flex flex-col items-start gap-2">
      <span>{status === 403 ? t('mailbox.adminOnly') : t('mailbox.unavailable')}</span>
      <span>{t('mailbox.serverLog')}</span>
    </Alert>
  );
}

export function DevMailbox() {
  const { t, i18n } = useTranslation('auth');
  const mailbox = useMailbox();
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <PageHeader title={t('mailbox.title')} description={t('mailbox.description')} />
      {mailbox.isSuccess ? (
        <Alert variant="warning" className="mb-6">
          {t('mailbox.warning')}
        </Alert>
      ) : null}
      {mailbox.isPending ? <Spinner label={t('mailbox.loading')} /> : null}
      {mailbox.isError ? <MailboxRefused error={mailbox.error} /> : null}
      {mailbox.data?.length === 0 ? (
        <EmptyState icon={Inbox} title={t('mailbox.emptyTitle')} description={t('mailbox.emptyDescription')} />
      ) : null}
      <ul className="flex flex-col gap-4" aria-live="polite">
        {mailbox.data?.map((message) => (
          <li key={message.id}>
            <Card>
              <CardHeader className="pb-3">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge>
                    {message.channel === 'sms' ? <MessageSquare className="mr-1 size-3" aria-hidden="true" /> : null}
                    {t(`mailbox.channel.${message.channel}`)}
                  </Badge>
                  <span className="text-sm text-muted-foreground">
                    {t('mailbox.to', { recipient: message.recipient })}
                  </span>
                  <time className="ml-auto text-xs text-muted-foreground" dateTime={message.createdAt}>
                    {formatInstant(message.createdAt, i18n.language, { dateStyle: 'short', timeStyle: 'medium' })}
                  </time>
                </div>
                <h2 className="font-semibold">{message.subject}</h2>
              </CardHeader>
              <CardContent>
                <MessageText text={message.text} />
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
