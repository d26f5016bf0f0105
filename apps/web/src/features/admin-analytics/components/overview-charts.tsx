import type { AdminAnalytics, DistributionBucket, EngagementDay } from '@portal/shared/admin-analytics';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DailyChart } from '@/components/charts/daily-chart';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { WidgetBoundary } from '@/components/widget-boundary';
import { numberFormat } from '@/lib/intl-formats';
import { type AnalyticsFilters, adminAnalyticsCsvUrl } from '../api/get-admin-analytics';
import { BarTableChart } from './bar-table-chart';
import { CsvLink } from './csv-link';

const ENGAGEMENT_CHARTS = [
  { key: 'activeLearners', kind: 'line', color: 'var(--color-primary)' },
  { key: 'lessonCompletions', kind: 'bar', color: 'var(--color-success)' },
  { key: 'xp', kind: 'bar', color: 'var(--color-warning)' },
] as const;
const ENGAGEMENT_VALUES: Record<(typeof ENGAGEMENT_CHARTS)[number]['key'], (day: EngagementDay) => number> = {
  activeLearners: (day) => day.active_learners,
  lessonCompletions: (day) => day.lesson_completions,
  xp: (day) => day.xp,
};
const COLORS = ['var(--color-primary)', 'var(--color-warning)', 'var(--color-success)', 'var(--color-destructive)'];

function Section({
  title,
  hint,
  action,
  children,
}: {
  title: string;
  hint?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>{title}</CardTitle>
          {hint ? <p className="mt-1 text-sm text-muted-foreground">{hint}</p> : null}
        </div>
        {action}
      </CardHeader>
      <CardContent>
        <WidgetBoundary>{children}</WidgetBoundary>
      </CardContent>
    </Card>
  );
}

/** Engagement per day, course funnels, SCORM pass rates and the XP and streak distributions. */
export function OverviewCharts({ data, filters }: { data: AdminAnalytics; filters: AnalyticsFilters }) {
  const { t, i18n } = useTranslation('admin-analytics');
  const number = numberFormat(i18n.resolvedLanguage);
  const format = (value: number) => number.format(value);
  const bucketLabel = ({ min, max }: DistributionBucket) =>
    max === null
      ? t('distribution.atLeast', { min })
      : min === max
        ? t('distribution.exactly', { min })
        : t('distribution.between', { min, max });
  const distribution = (title: string, category: string, buckets: DistributionBucket[]) => (
    <BarTableChart
      title={title}
      rows={buckets}
      rowKey={(bucket) => String(bucket.min)}
      rowLabel={bucketLabel}
      categoryLabel={category}
      bars={[{ label: t('distribution.learners'), color: COLORS[0] ?? '', value: (bucket) => bucket.learners }]}
      columns={[{ label: t('distribution.learners'), value: (bucket) => format(bucket.learners) }]}
    />
  );
  const funnelSteps = (['enrolled', 'started', 'half', 'completed'] as const).map((step, index) => ({
    label: t(`funnels.${step}`),
    color: COLORS[index] ?? '',
    value: (row: AdminAnalytics['funnels'][number]) => row[step],
  }));

  return (
    <div className="flex flex-col gap-6">
      <Section
        title={t('engagement.heading')}
        action={<CsvLink href={adminAnalyticsCsvUrl('engagement', filters)} label={t('export.engagement')} />}
      >
        <div className="grid gap-6 lg:grid-cols-3">
          {ENGAGEMENT_CHARTS.map(({ key, kind, color }) => (
            <DailyChart
              key={key}
              title={t(`engagement.${key}`)}
              kind={kind}
              color={color}
              data={data.engagement.map((day) => ({ date: day.date, value: ENGAGEMENT_VALUES[key](day) }))}
              formatValue={format}
            />
          ))}
        </div>
      </Section>

      <Section
        title={t('funnels.heading')}
        hint={t('funnels.hint')}
        action={<CsvLink href={adminAnalyticsCsvUrl('funnels', filters)} label={t('export.funnels')} />}
      >
        {data.funnels.every((funnel) => funnel.enrolled === 0) ? (
          <p className="text-sm text-muted-foreground">{t('funnels.empty')}</p>
        ) : (
          <BarTableChart
            title={t('funnels.heading')}
            rows={data.funnels.filter((funnel) => funnel.enrolled > 0)}
            rowKey={(funnel) => funnel.course_id}
            rowLabel={(funnel) => funnel.title}
            categoryLabel={t('funnels.course')}
            bars={funnelSteps}
            columns={funnelSteps.map((step) => ({
              label: step.label,
              value: (row: AdminAnalytics['funnels'][number]) => format(step.value(row)),
            }))}
          />
        )}
      </Section>

      <Section
        title={t('scorm.heading')}
        action={<CsvLink href={adminAnalyticsCsvUrl('scorm', filters)} label={t('export.scorm')} />}
      >
        {data.scorm.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('scorm.empty')}</p>
        ) : (
          <BarTableChart
            title={t('scorm.heading')}
            rows={data.scorm}
            rowKey={(row) => row.package_id}
            rowLabel={(row) => row.title}
            categoryLabel={t('scorm.package')}
            bars={[
              { label: t('scorm.passed'), color: 'var(--color-success)', value: (row) => row.passed },
              { label: t('scorm.failed'), color: 'var(--color-destructive)', value: (row) => row.failed },
            ]}
            columns={[
              { label: t('scorm.attempts'), value: (row) => format(row.attempts) },
              { label: t('scorm.passed'), value: (row) => format(row.passed) },
              { label: t('scorm.failed'), value: (row) => format(row.failed) },
              {
                label: t('scorm.passRate'),
                value: (row) => (row.pass_rate === null ? t('scorm.noResult') : `${number.format(row.pass_rate)}%`),
              },
            ]}
          />
        )}
      </Section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Section title={t('distribution.xpHeading')} hint={t('distribution.hint')}>
          {distribution(t('distribution.xpHeading'), t('distribution.xpBucket'), data.xp_distribution)}
        </Section>
        <Section title={t('distribution.streakHeading')} hint={t('distribution.hint')}>
          {distribution(t('distribution.streakHeading'), t('distribution.streakBucket'), data.streak_distribution)}
        </Section>
      </div>
    </div>
  );
}
