import type { AnalyticsRangeQuery } from '@portal/shared/analytics';
import { tierSchema } from '@portal/shared/tiers';
import { shiftLocalDate, todayIn } from '@portal/shared/time-zone';
import { BarChart3 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DailyChart } from '@/components/charts/daily-chart';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { PlanUpgrade } from '@/components/plan-upgrade';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { WidgetBoundary } from '@/components/widget-boundary';
import { ApiError } from '@/lib/api';
import { useFormatMinutes } from '@/lib/format-duration';
import { numberFormat } from '@/lib/intl-formats';
import { useDisplayFormats } from '@/lib/profile';
import { useLearnerAnalytics } from '../api/get-learner-analytics';
import { ActivityHeatmap } from '../components/activity-heatmap';

const PRESETS = ['7', '30', '90', '365', 'custom'] as const;
type Preset = (typeof PRESETS)[number];

const lastDays = (days: number, today: string): AnalyticsRangeQuery => ({
  from: shiftLocalDate(today, -(days - 1)),
  to: today,
});

export function LearnerAnalytics() {
  const { t, i18n } = useTranslation('analytics');
  const { timeZone, formatDate } = useDisplayFormats();
  const formatMinutes = useFormatMinutes();
  const numbers = numberFormat(i18n.resolvedLanguage);
  const today = todayIn(timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
  const [preset, setPreset] = useState<Preset>('30');
  const [custom, setCustom] = useState<AnalyticsRangeQuery>(() => lastDays(30, today));
  const range = preset === 'custom' ? custom : lastDays(Number(preset), today);
  const customValid = custom.from <= custom.to && custom.to <= today;
  const analytics = useLearnerAnalytics(preset === 'custom' && !customValid ? lastDays(30, today) : range);
  const presetId = useId();

  const upgrade =
    analytics.error instanceof ApiError && analytics.error.code === 'subscription_required'
      ? tierSchema.safeParse(analytics.error.reasons[0])
      : null;
  const data = analytics.data;
  const empty = data && data.totals.active_days === 0 && data.courses.length === 0;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('title')} description={t('description')} />
      {upgrade?.success ? (
        <PlanUpgrade tier={upgrade.data} feature={t('featureName')} />
      ) : (
        <>
          <Card>
            <CardContent className="flex flex-wrap items-end gap-4 pt-6">
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={presetId}>{t('range.label')}</Label>
                <Select value={preset} onValueChange={(value) => setPreset(value as Preset)}>
                  <SelectTrigger id={presetId} className="w-48">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {PRESETS.map((option) => (
                      <SelectItem key={option} value={option}>
                        {t(`range.${option}`)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              {preset === 'custom' ? (
                <>
                  <FormField
                    label={t('range.from')}
                    type="date"
                    value={custom.from}
                    max={today}
                    onChange={(event) => setCustom((current) => ({ ...current, from: event.target.value }))}
                    error={customValid ? undefined : t('range.invalid')}
                  />
                  <FormField
                    label={t('range.to')}
                    type="date"
                    value={custom.to}
                    max={today}
                    onChange={(event) => setCustom((current) => ({ ...current, to: event.target.value }))}
                  />
                </>
              ) : null}
              {analytics.isFetching ? <Spinner label={t('loading')} /> : null}
            </CardContent>
          </Card>

          {analytics.isError ? <Alert variant="destructive">{t('loadFailed')}</Alert> : null}
          {analytics.isPending ? <Spinner label={t('loading')} /> : null}
          {empty ? (
            <EmptyState
              icon={BarChart3}
              title={t('emptyTitle')}
              description={t('emptyDescription')}
              action={
                <Button asChild>
                  <Link to="/dashboard/learner/courses">{t('browseCourses')}</Link>
                </Button>
              }
            />
          ) : null}
          {data && !empty ? (
            <>
              <section aria-labelledby="totals-heading">
                <h2 id="totals-heading" className="sr-only">
                  {t('totals.heading')}
                </h2>
                <dl className="grid grid-cols-2 gap-4 lg:grid-cols-5">
                  {(
                    [
                      ['studyMinutes', formatMinutes(data.totals.study_minutes)],
                      ['xp', numbers.format(data.totals.xp)],
                      ['lessonsCompleted', numbers.format(data.totals.lessons_completed)],
                      ['quizzesTaken', numbers.format(data.totals.quizzes_taken)],
                      ['activeDays', numbers.format(data.totals.active_days)],
                    ] as const
                  ).map(([key, value]) => (
                    <Card key={key} className="flex flex-col gap-1 p-4">
                      <dt className="text-sm text-muted-foreground">{t(`totals.${key}`)}</dt>
                      <dd className="text-lg font-semibold">{value}</dd>
                    </Card>
                  ))}
                </dl>
              </section>

              <div className="grid gap-4 lg:grid-cols-2">
                <WidgetBoundary resetKeys={[data.daily]}>
                  <Card className="p-4">
                    <DailyChart
                      title={t('charts.studyTime')}
                      kind="bar"
                      data={data.daily.map((day) => ({ date: day.date, value: day.study_minutes }))}
                      formatValue={formatMinutes}
                    />
                  </Card>
                </WidgetBoundary>
                <WidgetBoundary resetKeys={[data.daily]}>
                  <Card className="p-4">
                    <DailyChart
                      title={t('charts.xp')}
                      kind="line"
                      color="var(--color-warning)"
                      data={data.daily.map((day) => ({ date: day.date, value: day.xp }))}
                      formatValue={(value) => t('xpValue', { xp: numbers.format(value) })}
                    />
                  </Card>
                </WidgetBoundary>
              </div>

              <Card>
                <CardHeader>
                  <CardTitle>{t('heatmap.title')}</CardTitle>
                </CardHeader>
                <CardContent>
                  <WidgetBoundary resetKeys={[data.daily]}>
                    <ActivityHeatmap days={data.daily} />
                  </WidgetBoundary>
                </CardContent>
              </Card>

              <div className="grid gap-4 lg:grid-cols-2">
                <Card>
                  <CardHeader>
                    <CardTitle>{t('courses.title')}</CardTitle>
                  </CardHeader>
                  <CardContent>
                    {data.courses.length === 0 ? (
                      <p className="text-sm text-muted-foreground">{t('courses.empty')}</p>
                    ) : (
                      <ul className="flex flex-col gap-4">
                        {data.courses.map((course) => (
                          <li key={course.course_id} className="flex flex-col gap-1.5">
                            <div className="flex items-baseline justify-between gap-3 text-sm">
                              <Link
                                to={`/dashboard/learner/course/${course.course_id}`}
                                className="font-medium underline-offset-4 hover:underline"
                              >
                                {course.title}
                              </Link>
                              <span className="shrink-0 text-muted-foreground">
                                {course.completed_at
                                  ? t('courses.completedOn', { date: formatDate(new Date(course.completed_at)) })
                                  : `${course.percent}%`}
                              </span>
                            </div>
                            <ProgressBar
                              value={course.percent}
                              label={t('courses.progressOf', { course: course.title })}
                            />
                          </li>
                        ))}
                      </ul>
                    )}
                  </CardContent>
                </Card>

                <Card>
                  <CardHeader>
                    <CardTitle>{t('quizzes.title')}</CardTitle>
                  </CardHeader>
                  <CardContent>
                    {data.quizzes.length === 0 ? (
                      <p className="text-sm text-muted-foreground">{t('quizzes.empty')}</p>
                    ) : (
                      <div className="overflow-x-auto">
                        <table className="w-full text-left text-sm">
                          <thead>
                            <tr className="text-muted-foreground">
                              <th scope="col" className="py-2 pr-3 font-medium">
                                {t('quizzes.quiz')}
                              </th>
                              <th scope="col" className="py-2 pr-3 font-medium">
                                {t('quizzes.best')}
                              </th>
                              <th scope="col" className="py-2 pr-3 font-medium">
                                {t('quizzes.attempts')}
                              </th>
                              <th scope="col" className="py-2 font-medium">
                                {t('quizzes.result')}
                              </th>
                            </tr>
                          </thead>
                          <tbody>
                            {data.quizzes.map((quiz) => (
                              <tr key={quiz.lesson_id} className="border-t border-border">
                                <td className="py-2 pr-3">
                                  <span className="block font-medium">{quiz.lesson_title}</span>
                                  <span className="block text-xs text-muted-foreground">{quiz.course_title}</span>
                                </td>
                                <td className="py-2 pr-3">
                                  {t('quizzes.score', { score: quiz.best_score, passMark: quiz.pass_mark })}
                                </td>
                                <td className="py-2 pr-3">{numbers.format(quiz.attempts)}</td>
                                <td className="py-2">{quiz.passed ? t('quizzes.passed') : t('quizzes.notYet')}</td>
                              </tr>
                            ))}
                          </tbody>
                        </table>
                      </div>
                    )}
                  </CardContent>
                </Card>
              </div>
            </>
          ) : null}
        </>
      )}
    </div>
  );
}
