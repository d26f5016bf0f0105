import { BookOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DailyChart } from '@/components/charts/daily-chart';
import { EmptyState } from '@/components/empty-state';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { WidgetBoundary } from '@/components/widget-boundary';
import { useMe } from '@/lib/auth';
import { useFormatMinutes } from '@/lib/format-duration';
import { deviceTimeZone, numberFormat } from '@/lib/intl-formats';
import { usePageTitle } from '@/lib/page-title';
import { useLearnerHome } from '../api/get-learner-home';
import { dayPart } from '../components/greeting';
import { InsightList } from '../components/insight-list';
import { StatGrid } from '../components/stat-grid';
import { WelcomeDialog } from '../components/welcome-dialog';

export function LearnerHome() {
  const { t, i18n } = useTranslation('dashboard');
  usePageTitle(t('common:nav.home'));
  const { data: me } = useMe();
  const home = useLearnerHome();
  const formatMinutes = useFormatMinutes();
  const numbers = numberFormat(i18n.resolvedLanguage);
  const timeZone = home.data?.time_zone ?? deviceTimeZone();
  const firstName = me?.user.name.split(' ')[0] ?? '';
  const daily = home.data?.daily ?? [];
  const hasActivity = daily.some((day) => day.study_minutes > 0 || day.xp > 0);
  const stats = home.data?.stats;
  const isNewLearner =
    stats !== undefined &&
    stats.active_courses + stats.completed_courses + stats.total_xp + stats.study_minutes_total === 0;

  return (
    <div className="flex flex-col gap-8">
      {me ? <WelcomeDialog userId={me.user.id} /> : null}
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">
          {t(`home.greeting.${dayPart(new Date(), timeZone)}`, { name: firstName })}
        </h1>
        <p className="mt-1 text-muted-foreground">{t('home.subtitle')}</p>
      </div>
      {home.isError ? <Alert variant="destructive">{t('home.loadFailed')}</Alert> : null}
      <section aria-labelledby="stats-heading" aria-busy={home.isPending}>
        <h2 id="stats-heading" className="sr-only">
          {t('home.statsHeading')}
        </h2>
        <WidgetBoundary resetKeys={[stats]}>
          <StatGrid stats={stats} />
        </WidgetBoundary>
      </section>
      {home.data && home.data.insights.length > 0 && !isNewLearner ? (
        <section aria-labelledby="insights-heading">
          <Card>
            <CardHeader>
              <CardTitle id="insights-heading">{t('home.insightsHeading')}</CardTitle>
            </CardHeader>
            <CardContent>
              <WidgetBoundary resetKeys={[home.data.insights]}>
                <InsightList insights={home.data.insights} />
              </WidgetBoundary>
            </CardContent>
          </Card>
        </section>
      ) : null}
      {isNewLearner ? (
        <EmptyState
          icon={BookOpen}
          title={t('home.emptyTitle')}
          description={t('home.emptyDescription')}
          action={
            <Button asChild>
              <Link to="/dashboard/learner/courses">{t('home.browseCourses')}</Link>
            </Button>
          }
        />
      ) : null}
      {hasActivity ? (
        <section aria-labelledby="charts-heading" data-nonessential="">
          <h2 id="charts-heading" className="mb-3 text-lg font-semibold">
            {t('home.chartsHeading')}
          </h2>
          <div className="grid gap-4 lg:grid-cols-2">
            <WidgetBoundary resetKeys={[daily]}>
              <Card className="p-4">
                <DailyChart
                  title={t('home.chartStudy')}
                  kind="bar"
                  data={daily.map((day) => ({ date: day.date, value: day.study_minutes }))}
                  formatValue={formatMinutes}
                />
              </Card>
            </WidgetBoundary>
            <WidgetBoundary resetKeys={[daily]}>
              <Card className="p-4">
                <DailyChart
                  title={t('home.chartXp')}
                  kind="bar"
                  color="var(--color-warning)"
                  data={daily.map((day) => ({ date: day.date, value: day.xp }))}
                  formatValue={(value) => t('home.xpValue', { xp: numbers.format(value) })}
                />
              </Card>
            </WidgetBoundary>
          </div>
        </section>
      ) : null}
    </div>
  );
}
