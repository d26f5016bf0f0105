import { BarChart3 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useScormAnalytics } from '../api/get-scorm-analytics';
import { splitDuration } from './format';

/** Enrolled, attempted, completed, passed, average score, total time, and how each interaction was answered. */
export function PackageAnalytics({ packageId }: { packageId: string }) {
  const { t } = useTranslation('scorm');
  const analytics = useScormAnalytics(packageId);
  if (analytics.isPending) return <Spinner label={t('analytics.loading')} className="justify-center py-10" />;
  if (analytics.isError) return <p className="text-destructive">{t('analytics.loadFailed')}</p>;
  const data = analytics.data;
  const time = splitDuration(data.total_time_seconds);
  const figures: Array<[string, string]> = [
    [t('analytics.enrolled'), String(data.enrolled)],
    [t('analytics.attempted'), String(data.attempted)],
    [t('analytics.completed'), String(data.completed)],
    [t('analytics.passed'), String(data.passed)],
    [
      t('analytics.averageScore'),
      data.average_score === null ? '—' : t('analytics.percent', { value: data.average_score }),
    ],
    [t('analytics.totalTime'), t('analytics.duration', time)],
  ];
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-border bg-card p-4 shadow-sm">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="mt-1 text-2xl font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <Card>
        <CardHeader>
          <CardTitle>{t('analytics.interactionsTitle')}</CardTitle>
        </CardHeader>
        <CardContent>
          {data.interactions.length === 0 ? (
            <EmptyState
              icon={BarChart3}
              title={t('analytics.noInteractionsTitle')}
              description={t('analytics.noInteractions')}
            />
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="text-muted-foreground">
                  <tr>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('analytics.interaction')}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('analytics.type')}
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right font-medium">
                      {t('analytics.responses')}
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right font-medium">
                      {t('analytics.correct')}
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right font-medium">
                      {t('analytics.incorrect')}
                    </th>
                    <th scope="col" className="py-2 text-right font-medium">
                      {t('analytics.correctRate')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.interactions.map((row) => (
                    <tr key={row.interaction_id} className="border-t border-border">
                      <td className="py-2 pr-4">
                        <p className="break-all font-medium">{row.interaction_id}</p>
                        {row.description ? <p className="text-xs text-muted-foreground">{row.description}</p> : null}
                      </td>
                      <td className="py-2 pr-4">{row.type ?? '—'}</td>
                      <td className="py-2 pr-4 text-right">{row.responses}</td>
                      <td className="py-2 pr-4 text-right">{row.correct}</td>
                      <td className="py-2 pr-4 text-right">{row.incorrect}</td>
                      <td className="py-2 text-right">
                        {row.responses === 0
                          ? '—'
                          : t('analytics.percent', { value: Math.round((row.correct / row.responses) * 100) })}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
