import { betaUpdateKind } from '@portal/shared/realtime-messages';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatInstant } from '@/lib/intl-formats';
import { cn } from '@/lib/utils';
import { useBetaFeed } from '../api/get-beta-feed';
import { useMarkBetaRead } from '../api/mark-beta-read';

/** The beta updates a tester has had, newest first, unread ones marked, with mark-as-read one by one or all. */
export function WhatsNewList({ headingId }: { headingId: string }) {
  const { t, i18n } = useTranslation('beta');
  const feed = useBetaFeed();
  const markRead = useMarkBetaRead();
  const when = (iso: string) => formatInstant(iso, i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const mark = (target: string) => markRead.mutate(target, { onError: () => toast.error(t('whatsNew.markFailed')) });

  if (feed.isPending) return <Spinner label={t('whatsNew.loading')} />;
  if (feed.isError) return <p role="alert">{t('whatsNew.loadFailed')}</p>;
  const { updates, unread_count: unread } = feed.data;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-base font-semibold">
          {t('whatsNew.title')}
        </h2>
        {unread > 0 ? (
          <Button size="sm" variant="ghost" disabled={markRead.isPending} onClick={() => mark('all')}>
            {t('whatsNew.markAllRead')}
          </Button>
        ) : null}
      </div>
      <p role="status" className="text-sm text-muted-foreground">
        {unread > 0 ? t('whatsNew.unread', { count: unread }) : t('whatsNew.allRead')}
      </p>
      {updates.length === 0 ? (
        <p className="text-sm">{t('whatsNew.empty')}</p>
      ) : (
        <ul className="flex max-h-96 flex-col gap-2 overflow-y-auto">
          {updates.map((update) => (
            <li
              key={update.id}
              className={cn('rounded-md border border-border p-3', !update.read && 'border-l-4 border-l-primary')}
            >
              <p className="flex flex-wrap items-baseline justify-between gap-x-2 text-xs text-muted-foreground">
                <span className="font-medium uppercase tracking-wide">
                  {t(`types.${betaUpdateKind(update.type)}`)}
                  {update.read ? null : <span className="ml-2 text-primary normal-case">{t('whatsNew.new')}</span>}
                </span>
                <time dateTime={update.created_at}>{when(update.created_at)}</time>
              </p>
              <h3 className="mt-1 text-sm font-semibold break-words">{update.title}</h3>
              <p className="mt-1 text-sm whitespace-pre-line break-words">{update.message}</p>
              {update.read ? null : (
                <Button
                  size="sm"
                  variant="outline"
                  className="mt-2"
                  disabled={markRead.isPending}
                  aria-label={t('whatsNew.markReadTitle', { title: update.title })}
                  onClick={() => mark(update.id)}
                >
                  {t('whatsNew.markRead')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
