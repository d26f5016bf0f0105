import { ArrowRight, ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { useCourseLearningState } from '../api/get-course-learning-state';
import { ModuleStateCard } from '../components/module-state-card';
import { ErrorState, LoadingState } from '../components/query-state';
import { UpgradePrompt } from '../components/upgrade-prompt';
import { minutesOf } from '../utils/format';

/** Per module: lessons done, quiz scores, time spent, last activity and what to do next. */
export function LearningStatePage() {
  const { t } = useTranslation('courses');
  const { courseId = '' } = useParams();
  const state = useCourseLearningState(courseId);
  if (state.isPending) return <LoadingState />;
  if (state.isError) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold">{t('learningState.title')}</h1>
        <ErrorState
          error={state.error}
          onRetry={() => void state.refetch()}
          notFoundIcon={ListChecks}
          action={
            <Button asChild>
              <Link to="/dashboard/learner/library">{t('learningState.backToLibrary')}</Link>
            </Button>
          }
        />
      </div>
    );
  }
  const { course, progress, modules, next_lesson: next } = state.data;
  const courseHref = `/dashboard/learner/course/${course.id}`;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('learningState.pageTitle', { title: course.title })}
        description={t('learningState.description')}
        actions={
          <Button variant="outline" asChild>
            <Link to={courseHref}>{t('learningState.openCourse')}</Link>
          </Button>
        }
      />
      {!course.accessible ? <UpgradePrompt tier={course.required_tier} /> : null}
      <Card className="grid gap-4 p-5 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] md:items-center">
        <div className="flex flex-col gap-2">
          <p className="text-sm text-muted-foreground">{t('learningState.overall')}</p>
          <ProgressBar
            value={progress.percent}
            label={t('player.courseProgress')}
            valueText={t('player.progressText', {
              percent: progress.percent,
              done: progress.lessons_completed,
              total: progress.lessons_total,
            })}
          />
          <p className="text-sm">
            {t('player.progressText', {
              percent: progress.percent,
              done: progress.lessons_completed,
              total: progress.lessons_total,
            })}
            {' · '}
            {t('learningState.totalTime', { minutes: minutesOf(state.data.time_spent_seconds) })}
          </p>
        </div>
        {next ? (
          <div className="flex flex-col items-start gap-2">
            <p className="text-sm">{t('learningState.nextLesson', { title: next.lesson_title })}</p>
            <Button asChild>
              <Link to={`${courseHref}?lesson=${encodeURIComponent(next.lesson_id)}`}>
                {next.reason === 'last_opened' ? t('card.continue') : t('learningState.openNext')}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
        ) : progress.status === 'completed' ? (
          <p className="font-medium text-success">{t('learningState.courseDone')}</p>
        ) : null}
      </Card>
      {modules.length === 0 ? (
        <EmptyState icon={ListChecks} title={t('player.emptyTitle')} description={t('player.emptyDescription')} />
      ) : (
        <ol className="flex flex-col gap-4">
          {modules.map((module, index) => (
            <li key={module.module_id}>
              <ModuleStateCard module={module} courseId={course.id} number={index + 1} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
