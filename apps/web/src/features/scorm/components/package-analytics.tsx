import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useScormAnalytics } from '../api/get-scorm-analytics';
import { FigureTable } from './figure-table';
import { attemptResultText, splitDuration } from './format';
import { InteractionReport } from './interaction-report';
import { ObjectiveReport } from './objective-report';

/**
 * Enrolled, attempted, completed, passed, average score, total time, each learner's attempts with their best and latest
 * result, and how each interaction was answered and each objective met.
 */
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
    [t('attempts.scoAttempts'), String(data.attempts)],
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
          <CardTitle>{t('attempts.learnersTitle')}</CardTitle>
        </CardHeader>
        <CardContent>
          {data.learners.length === 0 ? (
            <EmptyState icon={Users} title={t('attempts.noLearnersTitle')} description={t('attempts.noLearners')} />
          ) : (
            <FigureTable
              columns={[
                { label: t('attempts.learner') },
                { label: t('attempts.status') },
                { label: t('attempts.attempts'), numeric: true },
                { label: t('attempts.bestResult') },
                { label: t('attempts.latestResult') },
              ]}
            >
              {data.learners.map((row) => (
                <tr key={row.enrollment_id} className="border-t border-border">
                  <th scope="row" className="py-2 pr-4 font-medium">
                    {row.learner.name}
                  </th>
                  <td className="py-2 pr-4">{t(`enrollmentStatus.${row.status}`)}</td>
                  <td className="py-2 pr-4 text-right">{row.attempts.count}</td>
                  <td className="py-2 pr-4">{row.attempts.best ? attemptResultText(row.attempts.best, t) : '—'}</td>
                  <td className="py-2">{row.attempts.latest ? attemptResultText(row.attempts.latest, t) : '—'}</td>
                </tr>
              ))}
            </FigureTable>
          )}
        </CardContent>
      </Card>
      <InteractionReport packageId={packageId} />
      <ObjectiveReport packageId={packageId} />
    </div>
  );
}
