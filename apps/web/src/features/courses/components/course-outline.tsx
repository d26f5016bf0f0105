import type { LessonKind } from '@portal/shared/course-rules';
import type { CourseOutline, OutlineLesson } from '@portal/shared/progress';
import type { TFunction } from 'i18next';
import {
  CheckCircle2,
  Circle,
  CircleDot,
  FileText,
  FileType,
  ListChecks,
  Lock,
  type LucideIcon,
  Package,
  PlayCircle,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';
import { minutesOf } from '../utils/format';

export const LESSON_KIND_ICONS: Record<LessonKind, LucideIcon> = {
  text: FileText,
  video: PlayCircle,
  pdf: FileType,
  quiz: ListChecks,
  scorm: Package,
};

function LessonStateIcon({ lesson }: { lesson: OutlineLesson }) {
  if (lesson.locked) return <Lock className="size-4 text-muted-foreground" aria-hidden="true" />;
  if (lesson.progress.status === 'completed')
    return <CheckCircle2 className="size-4 text-success" aria-hidden="true" />;
  if (lesson.progress.status === 'in_progress') return <CircleDot className="size-4 text-primary" aria-hidden="true" />;
  return <Circle className="size-4 text-muted-foreground" aria-hidden="true" />;
}

function lessonMeta(lesson: OutlineLesson, t: TFunction<'courses'>) {
  if (lesson.kind === 'pdf' && lesson.page_count) return t('outline.pages', { pages: lesson.page_count });
  if (lesson.kind === 'quiz' && lesson.progress.best_score !== null) {
    return t('outline.bestScore', { score: lesson.progress.best_score });
  }
  if (lesson.duration_seconds) return t('outline.minutes', { minutes: minutesOf(lesson.duration_seconds) });
  return null;
}

/** The course's modules and lessons with each lesson's state; the open lesson is marked as current. */
export function CourseOutlineNav({
  outline,
  currentLessonId,
  hrefFor,
}: {
  outline: CourseOutline;
  currentLessonId: string | null;
  hrefFor: (lessonId: string) => string;
}) {
  const { t } = useTranslation('courses');
  return (
    <nav aria-labelledby="course-outline-heading" className="flex flex-col gap-4">
      <h2 id="course-outline-heading" className="text-base font-semibold">
        {t('outline.title')}
      </h2>
      {outline.modules.length === 0 ? <p className="text-sm text-muted-foreground">{t('outline.empty')}</p> : null}
      <ol className="flex flex-col gap-4">
        {outline.modules.map((module, moduleIndex) => (
          <li key={module.id} className="flex flex-col gap-2">
            <div className="flex flex-col gap-0.5">
              <h3 className="flex items-start gap-2 text-sm font-semibold">
                {module.locked ? <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> : null}
                <span>
                  {t('outline.moduleTitle', { number: moduleIndex + 1, title: module.title })}
                  {module.locked ? <span className="sr-only">{` (${t('outline.locked')})`}</span> : null}
                </span>
              </h3>
              <p className="text-xs text-muted-foreground">
                {module.completed
                  ? t('outline.moduleCompleted')
                  : t('outline.moduleProgress', { done: module.lessons_completed, count: module.lessons_total })}
              </p>
              {module.locked ? (
                <p className="rounded-md bg-muted px-2 py-1 text-xs">
                  {module.prerequisite_title
                    ? t('outline.lockedBecause', { title: module.prerequisite_title })
                    : t('outline.lockedGeneric')}
                </p>
              ) : null}
            </div>
            <ol className="flex flex-col gap-0.5">
              {module.lessons.map((lesson) => {
                const current = lesson.id === currentLessonId;
                const KindIcon = LESSON_KIND_ICONS[lesson.kind];
                const meta = lessonMeta(lesson, t);
                return (
                  <li key={lesson.id}>
                    <Link
                      to={hrefFor(lesson.id)}
                      aria-current={current ? 'page' : undefined}
                      className={cn(
                        'flex items-start gap-2 rounded-md px-2 py-2 text-sm hover:bg-muted',
                        current && 'bg-accent font-medium text-primary',
                        lesson.locked && 'text-muted-foreground',
                      )}
                    >
                      <span className="mt-0.5">
                        <LessonStateIcon lesson={lesson} />
                      </span>
                      <span className="flex min-w-0 flex-1 flex-col">
                        <span className="break-words">{lesson.title}</span>
                        <span className="flex items-center gap-1 text-xs font-normal text-muted-foreground">
                          <KindIcon className="size-3" aria-hidden="true" />
                          {t(`kinds.${lesson.kind}`)}
                          {meta ? ` · ${meta}` : null}
                        </span>
                      </span>
                      <span className="sr-only">
                        {lesson.locked ? t('outline.locked') : t(`lessonStatus.${lesson.progress.status}`)}
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ol>
          </li>
        ))}
      </ol>
    </nav>
  );
}
