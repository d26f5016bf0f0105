import { Inbox, MessageSquare } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
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

export function DevMailbox() {
  const { t, i18n } = useTranslation('auth');
  const mailbox = useMailbox();
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <PageHeader title={t('mailbox.title')} description={t('mailbox.description')} />
      <Alert variant="warning" className="mb-6">
        {t('mailbox.warning')}
      </Alert>
      {mailbox.isPending ? <Spinner label={t('mailbox.loading')} /> : null}
      {mailbox.isError ? <Alert variant="destructive">{t('mailbox.unavailable')}</Alert> : null}
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
                    {new Date(message.createdAt).toLocaleString(i18n.language)}
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
