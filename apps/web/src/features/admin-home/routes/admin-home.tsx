import type { KpiKey, OverviewRange } from '@portal/shared/admin-overview';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DailyChart } from '@/components/charts/daily-chart';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { WidgetBoundary } from '@/components/widget-boundary';
import { numberFormat } from '@/lib/intl-formats';
import { DEFAULT_OVERVIEW_RANGE, useAdminOverview } from '../api/get-admin-overview';
import { HealthPanel } from '../components/health-panel';
import { KpiCard } from '../components/kpi-card';
import { RangeSwitch } from '../components/range-switch';
import { RecentAdminActions, RecentSignups } from '../components/recent-lists';
import { SubscriptionsCard } from '../components/subscriptions-card';

const KPI_ORDER: KpiKey[] = [
  'users_total',
  'new_signups',
  'active_learners_day',
  'active_learners_week',
  'active_learners_month',
  'lesson_completions',
  'course_completions',
  'scorm_attempts',
  'scorm_pass_rate',
  'xp_earned',
];
/** Active-learner windows have their own length, whatever the range. */
const FIXED_WINDOWS: Partial<Record<KpiKey, number>> = {
  active_learners_day: 1,
  active_learners_week: 7,
  active_learners_month: 30,
};

/** The admin home: how the product is used, compared with the period before, and whether its parts work. */
export function AdminHome() {
  const { t, i18n } = useTranslation('admin-home');
  const [range, setRange] = useState<OverviewRange>(DEFAULT_OVERVIEW_RANGE);
  const overview = useAdminOverview(range);
  const number = numberFormat(i18n.resolvedLanguage);
  const data = overview.data;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={<RangeSwitch value={range} onChange={setRange} />}
      />
      <div aria-live="polite" className="min-h-6">
        {overview.isFetching ? <Spinner label={t('loading')} /> : null}
      </div>
      {overview.isError ? <Alert variant="destructive">{t('loadFailed')}</Alert> : null}
      {data ? (
        <>
          <section aria-labelledby="admin-kpis">
            <h2 id="admin-kpis" className="mb-3 text-lg font-semibold">
              {t('kpis.heading', { count: data.range })}
            </h2>
            <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-5">
              {KPI_ORDER.map((key) => (
                <KpiCard
                  key={key}
                  label={t(`kpis.${key}`)}
                  figure={data.kpis[key]}
                  range={FIXED_WINDOWS[key] ?? data.range}
                />
              ))}
            </dl>
          </section>
          <div className="grid gap-4 lg:grid-cols-2">
            <WidgetBoundary resetKeys={[data]}>
              <Card>
                <CardHeader>
                  <CardTitle>{t('chart.heading')}</CardTitle>
                </CardHeader>
                <CardContent>
                  <DailyChart
                    title={t('chart.title')}
                    data={data.daily_active_learners}
                    kind="line"
                    formatValue={(value) => number.format(value)}
                  />
                </CardContent>
              </Card>
            </WidgetBoundary>
            <WidgetBoundary resetKeys={[data]}>
              <SubscriptionsCard subscriptions={data.subscriptions} range={data.range} />
            </WidgetBoundary>
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <WidgetBoundary resetKeys={[data]}>
              <RecentSignups signups={data.recent_signups} />
            </WidgetBoundary>
            <WidgetBoundary resetKeys={[data]}>
              <RecentAdminActions actions={data.recent_admin_actions} />
            </WidgetBoundary>
          </div>
          <WidgetBoundary resetKeys={[data]}>
            <HealthPanel health={data.health} />
          </WidgetBoundary>
        </>
      ) : null}
    </div>
  );
}
