import type { CompletionChange, CourseOutline, LessonView } from '@portal/shared/progress';
import { tierSchema } from '@portal/shared/tiers';
import { CheckCircle2, ChevronLeft, ChevronRight, Lock } from 'lucide-react';
import { type ReactNode, useCallback, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import type { LessonAside, LessonContext, LessonPosition } from '@/lib/lesson-context';
import { useLesson } from '../api/get-lesson';
import { LESSON_KIND_ICONS } from './course-outline';
import { PdfLesson } from './lessons/pdf-lesson';
import { QuizLesson } from './lessons/quiz-lesson';
import { ScormLesson } from './lessons/scorm-lesson';
import { TextLesson } from './lessons/text-lesson';
import { VideoLesson } from './lessons/video-lesson';
import { ErrorState, LoadingState } from './query-state';
import { UpgradePrompt } from './upgrade-prompt';

type Seek = (position: LessonPosition) => void;

function LockedNotice({ prerequisiteTitle }: { prerequisiteTitle: string | null }) {
  const { t } = useTranslation('courses');
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col items-start gap-2 rounded-lg border border-border bg-muted p-5"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
        <Lock className="size-5" aria-hidden="true" />
        {t('locked.title')}
      </h2>
      <p className="text-sm">
        {prerequisiteTitle ? t('outline.lockedBecause', { title: prerequisiteTitle }) : t('outline.lockedGeneric')}
      </p>
    </section>
  );
}

function LessonBody({
  view,
  startPosition,
  onPositionChange,
  registerSeek,
  onChanges,
}: {
  view: LessonView;
  startPosition: LessonPosition | null;
  onPositionChange: (position: LessonPosition) => void;
  registerSeek: (seek: Seek | null) => void;
  onChanges: (changes: CompletionChange) => void;
}) {
  const common = { startPosition, onPositionChange, registerSeek, onChanges };
  const { content } = view;
  switch (content.kind) {
    case 'text':
      return <TextLesson view={{ ...view, content }} {...common} />;
    case 'video':
      return <VideoLesson view={{ ...view, content }} {...common} />;
    case 'pdf':
      return <PdfLesson view={{ ...view, content }} {...common} />;
    case 'quiz':
      return <QuizLesson view={{ ...view, content }} {...common} />;
    case 'scorm':
      return <ScormLesson view={{ ...view, content }} {...common} />;
  }
}

function NeighbourLinks({ view, hrefFor }: { view: LessonView; hrefFor: (lessonId: string) => string }) {
  const { t } = useTranslation('courses');
  const { previous_lesson: previous, next_lesson: next } = view;
  if (!previous && !next) return null;
  return (
    <nav
      aria-label={t('lesson.neighbours')}
      className="flex flex-wrap justify-between gap-3 border-t border-border pt-4"
    >
      {previous ? (
        <Button variant="outline" asChild className="h-auto max-w-full min-h-10 whitespace-normal py-2 text-left">
          <Link to={hrefFor(previous.id)} rel="prev">
            <ChevronLeft aria-hidden="true" />
            <span className="flex flex-col">
              <span className="text-xs text-muted-foreground">{t('lesson.previous')}</span>
              <span>{previous.title}</span>
            </span>
          </Link>
        </Button>
      ) : (
        <span />
      )}
      {next ? (
        <Button asChild className="h-auto max-w-full min-h-10 whitespace-normal py-2 text-right">
          <Link to={hrefFor(next.id)} rel="next">
            <span className="flex flex-col">
              <span className="text-xs opacity-90">{next.locked ? t('lesson.nextLocked') : t('lesson.next')}</span>
              <span>{next.title}</span>
            </span>
            {next.locked ? <Lock aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
          </Link>
        </Button>
      ) : null}
    </nav>
  );
}

/** One open lesson: its content, progress reporting, neighbours and the composed side panel. */
export function LessonPane({
  lessonId,
  outline,
  startPosition,
  hrefFor,
  lessonAside,
  onChanges,
}: {
  lessonId: string;
  outline: CourseOutline;
  startPosition: LessonPosition | null;
  hrefFor: (lessonId: string) => string;
  lessonAside?: LessonAside;
  onChanges: (changes: CompletionChange) => void;
}) {
  const { t } = useTranslation('courses');
  const lesson = useLesson(lessonId);
  const [position, setPosition] = useState<LessonPosition | null>(startPosition);
  const seekRef = useRef<Seek | null>(null);
  const registerSeek = useCallback((seek: Seek | null) => {
    seekRef.current = seek;
  }, []);
  const seekTo = useCallback((target: LessonPosition) => {
    seekRef.current?.(target);
    setPosition(target);
  }, []);
  const view = lesson.data;
  const savedPosition: LessonPosition | null = useMemo(() => {
    if (!view || view.progress.position === null) return null;
    if (view.content.kind === 'video') return { kind: 'video', seconds: Math.floor(view.progress.position) };
    if (view.content.kind === 'pdf') return { kind: 'pdf', page: view.progress.position };
    return null;
  }, [view]);
  const context: LessonContext | null = view
    ? {
        courseId: view.lesson.course_id,
        lessonId: view.lesson.id,
        lessonTitle: view.lesson.title,
        position: position ?? startPosition ?? savedPosition,
        seekTo,
      }
    : null;

  if (lesson.isPending) return <LoadingState label={t('lesson.loading')} />;
  if (lesson.isError) {
    const error = lesson.error;
    if (error instanceof ApiError && error.code === 'subscription_required') {
      const tier = tierSchema.safeParse(error.reasons[0]);
      return <UpgradePrompt tier={tier.success ? tier.data : outline.course.required_tier} />;
    }
    if (error instanceof ApiError && error.code === 'lesson_locked') {
      const module = outline.modules.find((entry) => entry.lessons.some((item) => item.id === lessonId));
      return <LockedNotice prerequisiteTitle={module?.prerequisite_title ?? null} />;
    }
    return <ErrorState error={error} onRetry={() => void lesson.refetch()} />;
  }

  const KindIcon = LESSON_KIND_ICONS[lesson.data.lesson.kind];
  const completed = lesson.data.progress.status === 'completed';
  let aside: ReactNode = null;
  if (lessonAside && context) aside = lessonAside(context);

  return (
    <div className="flex flex-col gap-6">
      <article aria-labelledby="lesson-title" className="flex flex-col gap-4">
        <header className="flex flex-col gap-1">
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <KindIcon className="size-4" aria-hidden="true" />
            {lesson.data.lesson.module_title}
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <h2 id="lesson-title" className="text-xl font-semibold tracking-tight sm:text-2xl">
              {lesson.data.lesson.title}
            </h2>
            {completed ? (
              <Badge className="gap-1 bg-success/15 text-foreground">
                <CheckCircle2 className="size-3 text-success" aria-hidden="true" />
                {t('lessonStatus.completed')}
              </Badge>
            ) : null}
          </div>
        </header>
        <LessonBody
          view={lesson.data}
          startPosition={startPosition}
          onPositionChange={setPosition}
          registerSeek={registerSeek}
          onChanges={onChanges}
        />
        <NeighbourLinks view={lesson.data} hrefFor={hrefFor} />
      </article>
      {aside ? (
        <aside aria-label={t('lesson.asideLabel')} className="flex flex-col gap-3">
          {aside}
        </aside>
      ) : null}
    </div>
  );
}
