import type { ModuleLearningState } from '@portal/shared/progress';
import { ArrowRight, CheckCircle2, Circle, CircleDot, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { dateTimeFormat } from '@/lib/intl-formats';
import { cn } from '@/lib/utils';
import { minutesOf } from '../utils/format';

export function useFormatDate() {
  const { i18n } = useTranslation();
  return (iso: string) =>
    dateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

function ModuleStatus({ module }: { module: ModuleLearningState }) {
  const { t } = useTranslation('courses');
  if (module.locked) {
    return (
      <Badge className="gap-1 bg-muted text-foreground">
        <Lock className="size-3" aria-hidden="true" />
        {t('learningState.status.locked')}
      </Badge>
    );
  }
  if (module.completed) {
    return <Badge className="bg-success/15 text-foreground">{t('learningState.status.completed')}</Badge>;
  }
  return (
    <Badge>
      {module.lessons.some((lesson) => lesson.status !== 'not_started')
        ? t('learningState.status.inProgress')
        : t('learningState.status.notStarted')}
    </Badge>
  );
}

/** One module's state: lessons done, quiz scores, time spent, last activity and what to do next. */
export function ModuleStateCard({
  module,
  courseId,
  number,
  headingLevel = 2,
  linkTarget,
}: {
  module: ModuleLearningState;
  courseId: string;
  number: number;
  headingLevel?: 1 | 2;
  linkTarget?: '_top';
}) {
  const { t } = useTranslation('courses');
  const formatDate = useFormatDate();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const SubHeading = headingLevel === 1 ? 'h2' : 'h3';
  const lessonHref = (lessonId: string) =>
    `/dashboard/learner/course/${courseId}?lesson=${encodeURIComponent(lessonId)}`;
  return (
    <Card className="flex flex-col gap-5 p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <Heading className={cn('font-semibold', headingLevel === 1 ? 'text-2xl' : 'text-lg')}>
          {t('learningState.moduleTitle', { number, title: module.title })}
        </Heading>
        <ModuleStatus module={module} />
      </div>
      <div className="flex flex-col gap-1.5">
        <ProgressBar
          value={module.percent}
          label={t('learningState.moduleProgress', { title: module.title })}
          valueText={t('learningState.lessonsDone', { done: module.lessons_completed, total: module.lessons_total })}
        />
      </div>
      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
        <div className="rounded-md bg-muted p-3">
          <dt className="text-muted-foreground">{t('learningState.lessons')}</dt>
          <dd className="text-base font-semibold">
            {t('learningState.lessonsDone', { done: module.lessons_completed, total: module.lessons_total })}
          </dd>
        </div>
        <div className="rounded-md bg-muted p-3">
          <dt className="text-muted-foreground">{t('learningState.timeSpent')}</dt>
          <dd className="text-base font-semibold">
            {t('learningState.minutes', { minutes: minutesOf(module.time_spent_seconds) })}
          </dd>
        </div>
        <div className="rounded-md bg-muted p-3">
          <dt className="text-muted-foreground">{t('learningState.lastActivity')}</dt>
          <dd className="text-base font-semibold">
            {module.last_activity_at ? formatDate(module.last_activity_at) : t('learningState.noActivity')}
          </dd>
        </div>
      </dl>

      <section className="flex flex-col gap-2">
        <SubHeading className="text-sm font-semibold">{t('learningState.nextHeading')}</SubHeading>
        {module.locked ? (
          <p className="text-sm text-muted-foreground">{t('learningState.nextLocked')}</p>
        ) : module.next_lesson ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm">{t('learningState.nextLesson', { title: module.next_lesson.title })}</p>
            <Button size="sm" asChild>
              <Link to={lessonHref(module.next_lesson.id)} target={linkTarget}>
                {t('learningState.openNext')}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
        ) : (
          <p className="flex items-center gap-2 text-sm text-success">
            <CheckCircle2 className="size-4" aria-hidden="true" />
            {t('learningState.allDone')}
          </p>
        )}
      </section>

      {module.quiz_scores.length > 0 ? (
        <section className="flex flex-col gap-2">
          <SubHeading className="text-sm font-semibold">{t('learningState.quizScores')}</SubHeading>
          <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
            {module.quiz_scores.map((quiz) => (
              <li key={quiz.lesson_id} className="flex flex-col gap-1 px-3 py-2 text-sm">
                <span className="font-medium break-words">{quiz.title}</span>
                <dl className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground">
                  <div className="flex gap-1">
                    <dt>{t('learningState.bestScore')}:</dt>
                    <dd className="font-medium text-foreground">
                      {quiz.best_score === null ? '—' : t('learningState.percent', { percent: quiz.best_score })}
                    </dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>{t('learningState.passMark')}:</dt>
                    <dd>{t('learningState.percent', { percent: quiz.pass_mark })}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>{t('learningState.attempts')}:</dt>
                    <dd>{quiz.attempts}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt className="sr-only">{t('learningState.result')}</dt>
                    <dd className={cn('font-medium', quiz.passed ? 'text-success' : 'text-foreground')}>
                      {quiz.attempts === 0
                        ? t('learningState.notTaken')
                        : quiz.passed
                          ? t('learningState.passed')
                          : t('learningState.notPassed')}
                    </dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="flex flex-col gap-2">
        <SubHeading className="text-sm font-semibold">{t('learningState.lessonList')}</SubHeading>
        <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
          {module.lessons.map((lesson) => (
            <li key={lesson.lesson_id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
              {lesson.status === 'completed' ? (
                <CheckCircle2 className="size-4 text-success" aria-hidden="true" />
              ) : lesson.status === 'in_progress' ? (
                <CircleDot className="size-4 text-primary" aria-hidden="true" />
              ) : (
                <Circle className="size-4 text-muted-foreground" aria-hidden="true" />
              )}
              <span className="min-w-0 flex-1 break-words">
                {lesson.title}
                <span className="sr-only">{` (${t(`lessonStatus.${lesson.status}`)})`}</span>
              </span>
              <span className="text-xs text-muted-foreground">
                {t(`kinds.${lesson.kind}`)}
                {lesson.time_spent_seconds > 0
                  ? ` · ${t('learningState.minutes', { minutes: minutesOf(lesson.time_spent_seconds) })}`
                  : ''}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
