import type { CatalogueCourse } from '@portal/shared/course-catalogue';
import { SUBSCRIPTION_OVERVIEW } from '@portal/shared/routes';
import { BookOpen, CheckCircle2, Clock, Layers } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { minutesOf, shorten } from '../utils/format';
import { TierBadge } from './tier-badge';

export const courseHref = (courseId: string) => `/dashboard/learner/course/${courseId}`;

/** A course in the library or catalogue: cover, plan badge, progress and the one action that fits. */
export function CourseCard({ course, headingLevel = 2 }: { course: CatalogueCourse; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('courses');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { progress } = course;
  const started = progress.status !== 'not_started';
  const action = !course.accessible
    ? { label: t('card.upgrade'), to: SUBSCRIPTION_OVERVIEW, variant: 'outline' as const }
    : progress.status === 'completed'
      ? { label: t('card.review'), to: courseHref(course.id), variant: 'outline' as const }
      : started
        ? { label: t('card.continue'), to: courseHref(course.id), variant: 'default' as const }
        : { label: t('card.start'), to: courseHref(course.id), variant: 'default' as const };
  const minutes = minutesOf(course.duration_seconds);
  return (
    <Card className="flex h-full flex-col">
      <div data-nonessential className="relative aspect-[16/7] w-full rounded-t-lg bg-accent">
        {course.cover_url ? (
          <img src={course.cover_url} alt="" className="size-full rounded-t-lg object-cover" loading="lazy" />
        ) : (
          <div className="flex size-full items-center justify-center">
            <BookOpen className="size-10 text-primary/60" aria-hidden="true" />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <TierBadge tier={course.required_tier} locked={!course.accessible} />
          {progress.status === 'completed' ? (
            <span className="flex items-center gap-1 text-xs font-medium text-success">
              <CheckCircle2 className="size-3.5" aria-hidden="true" />
              {t('courseProgress.completed')}
            </span>
          ) : null}
        </div>
        <Heading className="text-lg font-semibold leading-snug">{course.title}</Heading>
        {course.description ? <p className="text-sm text-muted-foreground">{shorten(course.description)}</p> : null}
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <li className="flex items-center gap-1">
            <Layers className="size-3.5" aria-hidden="true" />
            {t('card.lessons', { lessons: course.lesson_count, modules: course.module_count })}
          </li>
          {minutes > 0 ? (
            <li className="flex items-center gap-1">
              <Clock className="size-3.5" aria-hidden="true" />
              {t('card.minutes', { minutes })}
            </li>
          ) : null}
        </ul>
        {started ? (
          <div className="flex flex-col gap-1">
            <ProgressBar
              value={progress.percent}
              label={t('card.progressLabel', { title: course.title })}
              valueText={t('card.progress', { percent: progress.percent })}
            />
            <p className="text-xs text-muted-foreground">
              {t('card.progressDetail', {
                percent: progress.percent,
                done: progress.lessons_completed,
                count: progress.lessons_total,
              })}
            </p>
          </div>
        ) : null}
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          <Button variant={action.variant} asChild>
            <Link to={action.to} aria-label={`${action.label}: ${course.title}`}>
              {action.label}
            </Link>
          </Button>
          {started ? (
            <Button variant="ghost" asChild>
              <Link
                to={`/dashboard/learner/learning-state/${course.id}`}
                aria-label={t('card.learningStateFor', { title: course.title })}
              >
                {t('card.learningState')}
              </Link>
            </Button>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
