import { TEXT_MIN_VIEW_SECONDS } from '@portal/shared/progress';
import { useEffect, useRef } from 'react';
import { SanitizedHtml } from '@/components/sanitized-html';
import { useCardMakers } from '@/lib/card-makers';
import { useReportProgress } from '../../api/report-progress';
import type { LessonBodyProps } from './types';

const TICK_MS = 500;
const RETRY_AFTER_MS = 1000;
const MAX_REPORTS = 6;

/** Reports "read" once the text has been visible for TEXT_MIN_VIEW_SECONDS; the server checks its own clock. */
export function TextLesson({ view, onChanges }: LessonBodyProps<'text'>) {
  const report = useReportProgress();
  const { PassageCard } = useCardMakers();
  const lessonId = view.lesson.id;
  const completed = view.progress.status === 'completed';
  const callbacks = useRef({ mutate: report.mutate, onChanges });
  useEffect(() => {
    callbacks.current = { mutate: report.mutate, onChanges };
  });

  useEffect(() => {
    if (completed) return;
    let visibleMs = 0;
    let last = performance.now();
    let nextAtMs = TEXT_MIN_VIEW_SECONDS * 1000;
    let reports = 0;
    let inFlight = false;
    let done = false;
    const timer = setInterval(() => {
      const now = performance.now();
      if (document.visibilityState === 'visible') visibleMs += now - last;
      last = now;
      if (done || inFlight || visibleMs < nextAtMs || reports >= MAX_REPORTS) return;
      inFlight = true;
      reports += 1;
      callbacks.current.mutate(
        { lessonId, body: { kind: 'text' } },
        {
          onSuccess: (result) => {
            done = result.progress.status === 'completed';
            callbacks.current.onChanges(result.changes);
          },
          onSettled: () => {
            inFlight = false;
            nextAtMs = visibleMs + RETRY_AFTER_MS;
          },
        },
      );
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [lessonId, completed]);

  const text = <SanitizedHtml html={view.content.html} headingOffset={2} aria-labelledby="lesson-title" />;
  return PassageCard ? (
    <PassageCard lessonId={lessonId} lessonTitle={view.lesson.title}>
      {text}
    </PassageCard>
  ) : (
    text
  );
}
