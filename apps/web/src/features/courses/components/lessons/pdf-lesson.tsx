import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReportProgress } from '../../api/report-progress';
import { clampPage } from '../../utils/pages';
import { LoadingState } from '../query-state';
import type { LessonBodyProps } from './types';

// pdf.js and its worker load only when a PDF lesson is opened.
const PdfViewer = lazy(() => import('../../pdf/pdf-viewer').then((module) => ({ default: module.PdfViewer })));

/** Reports each page the learner turns to; reaching the last page completes the lesson. */
export function PdfLesson({ view, startPosition, onPositionChange, registerSeek, onChanges }: LessonBodyProps<'pdf'>) {
  const { t } = useTranslation('courses');
  const report = useReportProgress();
  const lessonId = view.lesson.id;
  const pageCount = view.content.page_count;
  const [page, setPage] = useState(() =>
    clampPage(startPosition?.kind === 'pdf' ? startPosition.page : (view.progress.position ?? 1), pageCount),
  );
  const lastReported = useRef<number | null>(null);
  const callbacks = useRef({ mutate: report.mutate, onChanges, onPositionChange });
  useEffect(() => {
    callbacks.current = { mutate: report.mutate, onChanges, onPositionChange };
  });

  const sendPage = useCallback(
    (target: number) => {
      callbacks.current.onPositionChange({ kind: 'pdf', page: target });
      if (lastReported.current === target) return;
      lastReported.current = target;
      callbacks.current.mutate(
        { lessonId, body: { kind: 'pdf', page: target } },
        {
          onSuccess: (result) => callbacks.current.onChanges(result.changes),
          onError: () => {
            lastReported.current = null;
          },
        },
      );
    },
    [lessonId],
  );

  useEffect(() => {
    registerSeek((position) => {
      if (position.kind !== 'pdf') return;
      const target = clampPage(position.page, pageCount);
      setPage(target);
      sendPage(target);
    });
    return () => registerSeek(null);
  }, [registerSeek, pageCount, sendPage]);

  const onDocumentLoad = useCallback(() => sendPage(page), [sendPage, page]);

  return (
    <div className="flex flex-col gap-2">
      <Suspense fallback={<LoadingState label={t('pdf.loading')} />}>
        <PdfViewer
          url={view.content.url}
          title={view.lesson.title}
          page={page}
          onPageChange={(next) => {
            setPage(next);
            sendPage(next);
          }}
          onDocumentLoad={onDocumentLoad}
        />
      </Suspense>
      <p className="text-sm text-muted-foreground">
        {view.progress.status === 'completed' ? t('pdf.completed') : t('pdf.rule', { total: pageCount })}
      </p>
    </div>
  );
}
