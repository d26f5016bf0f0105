import type { AdminOverview } from '@portal/shared/admin-overview';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { numberFormat } from '@/lib/intl-formats';

/** Plans in force per tier, and how many started in the period against the period before. */
export function SubscriptionsCard({
  subscriptions,
  range,
}: {
  subscriptions: AdminOverview['subscriptions'];
  range: number;
}) {
  const { t, i18n } = useTranslation('admin-home');
  const number = numberFormat(i18n.resolvedLanguage);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('subscriptions.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('subscriptions.title')}</caption>
          <thead className="text-muted-foreground">
            <tr>
              <th scope="col" className="py-1 pr-4 font-medium">
                {t('subscriptions.tier')}
              </th>
              <th scope="col" className="py-1 pr-4 font-medium">
                {t('subscriptions.active')}
              </th>
              <th scope="col" className="py-1 pr-4 font-medium">
                {t('subscriptions.started', { count: range })}
              </th>
              <th scope="col" className="py-1 font-medium">
                {t('subscriptions.startedBefore')}
              </th>
            </tr>
          </thead>
          <tbody>
            {subscriptions.map((row) => (
              <tr key={row.tier} className="border-t border-border">
                <th scope="row" className="py-1.5 pr-4 font-medium">
                  {t(`subscriptions.tiers.${row.tier}`)}
                </th>
                <td className="py-1.5 pr-4 tabular-nums">{number.format(row.active)}</td>
                <td className="py-1.5 pr-4 tabular-nums">{number.format(row.started.current)}</td>
                <td className="py-1.5 tabular-nums">{number.format(row.started.previous)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
