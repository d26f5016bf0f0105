import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { formatInstant } from '@/lib/intl-formats';
import { useAdminBetaUpdates } from '../api/get-admin-beta-updates';

/** Past updates, newest first, with how many beta users saw each live, read it later, or have not yet. */
export function BetaUpdatesHistory() {
  const { t, i18n } = useTranslation('beta');
  const updates = useAdminBetaUpdates();
  const when = (iso: string) => formatInstant(iso, i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const number = (value: number) => value.toLocaleString(i18n.language);
  return (
    <section aria-labelledby="beta-history-title">
      <h2 id="beta-history-title" className="mb-3 text-lg font-semibold">
        {t('history.title')}
      </h2>
      {updates.isPending ? (
        <Spinner label={t('history.loading')} />
      ) : updates.isError ? (
        <p role="alert">{t('history.loadFailed')}</p>
      ) : updates.data.updates.length === 0 ? (
        <p className="text-muted-foreground">{t('history.empty')}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('history.title')}</caption>
            <thead className="bg-muted/50 text-muted-foreground">
              <tr>
                {(['update', 'posted', 'live', 'later', 'unread'] as const).map((column) => (
                  <th key={column} scope="col" className="px-4 py-2 font-medium">
                    {t(`history.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {updates.data.updates.map((update) => (
                <tr key={update.id} className="border-t border-border align-top">
                  <td className="max-w-md px-4 py-2">
                    <span className="text-xs uppercase tracking-wide text-muted-foreground">
                      {t(`types.${update.type}`)}
                    </span>
                    <p className="font-medium break-words">{update.title}</p>
                    <p className="line-clamp-2 text-muted-foreground break-words">{update.message}</p>
                  </td>
                  <td className="px-4 py-2 whitespace-nowrap">
                    <time dateTime={update.created_at}>{when(update.created_at)}</time>
                    {update.posted_by ? (
                      <p className="text-xs text-muted-foreground">{t('history.by', { name: update.posted_by })}</p>
                    ) : null}
                  </td>
                  <td className="px-4 py-2">{number(update.reach.delivered_live)}</td>
                  <td className="px-4 py-2">{number(update.reach.read_later)}</td>
                  <td className="px-4 py-2">{number(update.reach.not_yet_read)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
