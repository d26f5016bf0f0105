import type { CompletionChange, CourseOutline } from '@portal/shared/progress';
import { BookOpen, ListChecks, ListTree, PartyPopper } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import type { LessonAside, LessonPosition } from '@/lib/lesson-context';
import { usePageTitle } from '@/lib/page-title';
import { cn } from '@/lib/utils';
import { CourseOutlineNav } from './course-outline';
import { LessonPane } from './lesson-pane';
import { TierBadge } from './tier-badge';
import { UpgradePrompt } from './upgrade-prompt';

/** `?t=` (video seconds) or `?page=` (PDF page) from a link such as a note's. */
function positionFromParams(params: URLSearchParams): LessonPosition | null {
  const seconds = Number(params.get('t'));
  if (params.has('t') && Number.isFinite(seconds) && seconds >= 0) return { kind: 'video', seconds };
  const page = Number(params.get('page'));
  if (params.has('page') && Number.isInteger(page) && page >= 1) return { kind: 'pdf', page };
  return null;
}

function firstLessonId(outline: CourseOutline): string | null {
  for (const module of outline.modules) {
    const open = module.lessons.find((lesson) => !lesson.locked);
    if (open) return open.id;
  }
  return outline.modules.find((module) => module.lessons.length > 0)?.lessons[0]?.id ?? null;
}

function resumePosition(outline: CourseOutline, lessonId: string): LessonPosition | null {
  const resume = outline.resume;
  if (!resume || resume.lesson_id !== lessonId || resume.position === null) return null;
  if (resume.kind === 'video') return { kind: 'video', seconds: resume.position };
  if (resume.kind === 'pdf') return { kind: 'pdf', page: resume.position };
  return null;
}

/** Holds the position a lesson starts at for as long as that lesson stays open. */
function LessonSlot({
  initialPosition,
  ...props
}: Omit<Parameters<typeof LessonPane>[0], 'startPosition'> & { initialPosition: LessonPosition | null }) {
  const [startPosition] = useState(initialPosition);
  return <LessonPane startPosition={startPosition} {...props} />;
}

function CourseCompleted({ courseId }: { courseId: string }) {
  const { t } = useTranslation('courses');
  return (
    <div
      data-celebration
      className="flex flex-col items-start gap-3 rounded-lg border border-success/40 bg-success/10 p-5 sm:flex-row sm:items-center"
    >
      <PartyPopper className="size-8 shrink-0 text-success" aria-hidden="true" />
      <div className="flex-1">
        <p className="font-semibold">{t('player.celebrationTitle')}</p>
        <p className="text-sm">{t('player.celebrationText')}</p>
      </div>
      <Button variant="outline" asChild>
        <Link to={`/dashboard/learner/learning-state/${courseId}`}>{t('player.viewLearningState')}</Link>
      </Button>
    </div>
  );
}

/**
 * The course player: outline with per-lesson state, the open lesson (from `?lesson=`, else where the learner
 * left off), progress reporting, and a composed side panel for the lesson.
 */
export function CoursePlayer({ outline, lessonAside }: { outline: CourseOutline; lessonAside?: LessonAside }) {
  const { t } = useTranslation('courses');
  usePageTitle(outline.course.title);
  const [params, setParams] = useSearchParams();
  const [outlineOpen, setOutlineOpen] = useState(false);
  const [celebrate, setCelebrate] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const outlineId = useId();
  const { course, progress } = outline;
  const lessonIds = new Set(outline.modules.flatMap((module) => module.lessons.map((lesson) => lesson.id)));
  const requested = params.get('lesson');
  const currentLessonId =
    requested && lessonIds.has(requested) ? requested : (outline.resume?.lesson_id ?? firstLessonId(outline));
  const initialPosition = currentLessonId
    ? (positionFromParams(params) ?? resumePosition(outline, currentLessonId))
    : null;
  const hrefFor = useCallback((lessonId: string) => `?lesson=${encodeURIComponent(lessonId)}`, []);

  // The open lesson is written into the address, so it stays put when progress moves the resume point
  // and a reload reopens it. A position from a link applies once; then the lesson's saved position rules.
  const hasLinkedPosition = params.has('t') || params.has('page');
  const needsLessonParam = Boolean(currentLessonId) && requested !== currentLessonId;
  useEffect(() => {
    if (!hasLinkedPosition && !needsLessonParam) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('t');
        next.delete('page');
        if (currentLessonId) next.set('lesson', currentLessonId);
        return next;
      },
      { replace: true },
    );
  }, [hasLinkedPosition, needsLessonParam, currentLessonId, setParams]);

  const mainRef = useRef<HTMLDivElement>(null);
  const previousLesson = useRef(currentLessonId);
  useEffect(() => {
    if (previousLesson.current === currentLessonId) return;
    previousLesson.current = currentLessonId;
    setOutlineOpen(false);
    mainRef.current?.focus({ preventScroll: true });
    mainRef.current?.scrollIntoView({ block: 'start' });
  }, [currentLessonId]);

  const onChanges = useCallback(
    (changes: CompletionChange) => {
      if (changes.course_completed_now) {
        setCelebrate(true);
        setAnnouncement(t('player.courseCompletedAnnouncement', { title: course.title }));
      } else if (changes.module_completed_now) {
        setAnnouncement(t('player.moduleCompletedAnnouncement'));
      } else if (changes.lesson_completed_now) {
        setAnnouncement(t('player.lessonCompletedAnnouncement'));
      }
    },
    [t, course.title],
  );

  const completed = progress.status === 'completed';
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <TierBadge tier={course.required_tier} locked={!course.accessible} />
          {course.status !== 'published' ? <Badge>{t(`courseStatus.${course.status}`)}</Badge> : null}
          {completed ? <Badge className="bg-success/15 text-foreground">{t('courseProgress.completed')}</Badge> : null}
        </div>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{course.title}</h1>
        <div className="flex flex-col gap-1.5 sm:max-w-md">
          <ProgressBar
            value={progress.percent}
            label={t('player.courseProgress')}
            valueText={t('player.progressText', {
              percent: progress.percent,
              done: progress.lessons_completed,
              count: progress.lessons_total,
            })}
          />
          <p className="text-sm text-muted-foreground">
            {t('player.progressText', {
              percent: progress.percent,
              done: progress.lessons_completed,
              count: progress.lessons_total,
            })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" asChild>
            <Link to={`/dashboard/learner/learning-state/${course.id}`}>
              <ListChecks aria-hidden="true" />
              {t('player.viewLearningState')}
            </Link>
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="lg:hidden"
            aria-expanded={outlineOpen}
            aria-controls={outlineId}
            onClick={() => setOutlineOpen((open) => !open)}
          >
            <ListTree aria-hidden="true" />
            {outlineOpen ? t('player.hideOutline') : t('player.showOutline')}
          </Button>
        </div>
      </header>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      {celebrate ? <CourseCompleted courseId={course.id} /> : null}
      {/* With lessons, the open lesson itself shows the upgrade prompt. */}
      {!course.accessible && lessonIds.size === 0 ? <UpgradePrompt tier={course.required_tier} /> : null}
      {lessonIds.size === 0 ? (
        <EmptyState icon={BookOpen} title={t('player.emptyTitle')} description={t('player.emptyDescription')} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[17rem_minmax(0,1fr)] lg:items-start">
          <div
            id={outlineId}
            className={cn(
              'rounded-lg border border-border bg-card p-4 lg:sticky lg:top-20 lg:block lg:max-h-[calc(100vh-6rem)] lg:overflow-y-auto',
              outlineOpen ? 'block' : 'hidden',
            )}
          >
            <CourseOutlineNav outline={outline} currentLessonId={currentLessonId} hrefFor={hrefFor} />
          </div>
          <div ref={mainRef} tabIndex={-1} className="min-w-0 focus:outline-none">
            {currentLessonId ? (
              <LessonSlot
                key={currentLessonId}
                lessonId={currentLessonId}
                initialPosition={initialPosition}
                outline={outline}
                hrefFor={hrefFor}
                lessonAside={lessonAside}
                onChanges={onChanges}
              />
            ) : null}
          </div>
        </div>
      )}
    </div>
  );
}
