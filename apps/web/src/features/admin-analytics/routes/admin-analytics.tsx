import { ADMIN_ANALYTICS_MAX_DAYS, rangeDays } from '@portal/shared/admin-analytics';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useDisplayFormats } from '@/lib/profile';
import {
  type AnalyticsFilters,
  adminAnalyticsCsvUrl,
  defaultAnalyticsFilters,
  useAdminAnalytics,
} from '../api/get-admin-analytics';
import { useAtRiskLearners } from '../api/get-at-risk-learners';
import { AnalyticsFiltersCard } from '../components/analytics-filters';
import { AtRiskTable } from '../components/at-risk-table';
import { CsvLink } from '../components/csv-link';
import { OverviewCharts } from '../components/overview-charts';

/** Admins see engagement, course funnels, SCORM results and distributions, and nudge learners who fall behind. */
export function AdminAnalytics() {
  const { t } = useTranslation('admin-analytics');
  const { formatDate, formatTime, formatLocalDate } = useDisplayFormats();
  const [filters, setFilters] = useState<AnalyticsFilters>(defaultAnalyticsFilters);
  const rangeError =
    !filters.from || !filters.to || filters.from > filters.to
      ? t('filters.invalidOrder')
      : rangeDays(filters.from, filters.to) > ADMIN_ANALYTICS_MAX_DAYS
        ? t('filters.tooLong', { days: ADMIN_ANALYTICS_MAX_DAYS })
        : null;
  const overview = useAdminAnalytics(filters, rangeError === null);
  const atRisk = useAtRiskLearners(filters.course);
  const learners = atRisk.data?.pages.flatMap((page) => page.learners) ?? [];
  const inactiveDays = atRisk.data?.pages[0]?.inactive_days;
  const timestamp = (iso: string) => {
    const date = new Date(iso);
    return `${formatDate(date)} ${formatTime(date)}`;
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('title')} description={t('description')} />
      <AnalyticsFiltersCard
        filters={filters}
        courses={overview.data?.courses ?? []}
        rangeError={rangeError}
        onChange={setFilters}
      />

      {overview.isError ? <Alert variant="destructive">{t('loadFailed')}</Alert> : null}
      {overview.isFetching ? <Spinner label={t('loading')} /> : null}
      {overview.data ? <OverviewCharts data={overview.data} filters={filters} /> : null}

      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <div>
            <CardTitle>{t('atRisk.heading')}</CardTitle>
            {inactiveDays ? (
              <p className="mt-1 text-sm text-muted-foreground">{t('atRisk.hint', { count: inactiveDays })}</p>
            ) : null}
          </div>
          <CsvLink href={adminAnalyticsCsvUrl('at-risk', filters)} label={t('export.atRisk')} />
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {atRisk.isPending ? <Spinner label={t('loading')} /> : null}
          {atRisk.isError ? <Alert variant="destructive">{t('loadFailed')}</Alert> : null}
          {atRisk.data && learners.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('atRisk.empty')}</p>
          ) : null}
          {learners.length > 0 ? (
            <AtRiskTable learners={learners} formatTime={timestamp} formatLocalDate={formatLocalDate} />
          ) : null}
          {atRisk.hasNextPage ? (
            <Button
              variant="outline"
              className="self-start"
              disabled={atRisk.isFetchingNextPage}
              onClick={() => void atRisk.fetchNextPage()}
            >
              {t('atRisk.loadMore')}
            </Button>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
