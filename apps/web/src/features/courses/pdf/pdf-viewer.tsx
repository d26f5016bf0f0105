import { ChevronLeft, ChevronRight, ExternalLink, FileWarning, ZoomIn, ZoomOut } from 'lucide-react';
import { getDocument, type PDFDocumentProxy, type RenderTask, TextLayer } from 'pdfjs-dist';
import { type KeyboardEvent, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { clampPage } from '../utils/pages';
import { isWorkerError } from './pdf-error-handlers';
import { pdfWorker, pdfWorkerGeneration, scheduleWorkerRestart, subscribeToPdfWorker } from './pdf-worker';
import './pdf-viewer.css';

const ZOOM_STEPS = [0.75, 1, 1.25, 1.5, 2] as const;

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; document: PDFDocumentProxy }
  | { status: 'error'; message: string };

/** Width available to the page; follows the container as the layout changes. */
function useContainerWidth() {
  const ref = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

function usePdfDocument(url: string) {
  const generation = useSyncExternalStore(subscribeToPdfWorker, pdfWorkerGeneration);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new worker generation or a retry reloads the document
  useEffect(() => {
    setState({ status: 'loading' });
    const task = getDocument({ url, worker: pdfWorker(), isEvalSupported: false });
    let cancelled = false;
    task.promise.then(
      (document) => {
        if (!cancelled) setState({ status: 'ready', document });
      },
      (error: unknown) => {
        if (cancelled) return;
        if (isWorkerError(error)) scheduleWorkerRestart();
        setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      cancelled = true;
      void task.destroy();
    };
  }, [url, generation, attempt]);
  return { state, retry: () => setAttempt((value) => value + 1) };
}

/** Draws one page on a canvas with a selectable, screen-reader-readable text layer above it. */
function PdfPage({
  document,
  pageNumber,
  width,
  zoom,
}: {
  document: PDFDocumentProxy;
  pageNumber: number;
  width: number;
  zoom: number;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    if (width <= 0) return;
    let renderTask: RenderTask | null = null;
    let textLayer: TextLayer | null = null;
    let cancelled = false;
    void (async () => {
      const page = await document.getPage(pageNumber);
      if (cancelled) return;
      const base = page.getViewport({ scale: 1 });
      const scale = (width / base.width) * zoom;
      const viewport = page.getViewport({ scale });
      const canvas = canvasRef.current;
      const textContainer = textRef.current;
      if (!canvas || !textContainer) return;
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      setSize({ width: viewport.width, height: viewport.height });
      renderTask = page.render({
        canvas,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      textContainer.replaceChildren();
      textContainer.style.setProperty('--total-scale-factor', String(scale));
      textLayer = new TextLayer({ textContentSource: page.streamTextContent(), container: textContainer, viewport });
      await Promise.all([renderTask.promise, textLayer.render()]);
    })().catch((error: unknown) => {
      if (error instanceof Error && error.name === 'RenderingCancelledException') return;
      if (!cancelled) console.warn('PDF page could not be drawn:', error);
    });
    return () => {
      cancelled = true;
      renderTask?.cancel();
      textLayer?.cancel();
    };
  }, [document, pageNumber, width, zoom]);
  return (
    <div
      className="pdf-page relative mx-auto bg-white shadow-sm"
      style={size ? { width: size.width, height: size.height } : undefined}
    >
      <canvas ref={canvasRef} className="block size-full" />
      <div ref={textRef} className="textLayer" />
    </div>
  );
}

/**
 * A PDF document rendered with pdf.js, one page at a time. The page is controlled by the parent so the
 * course player can restore and report it.
 */
export function PdfViewer({
  url,
  title,
  page,
  onPageChange,
  onDocumentLoad,
}: {
  url: string;
  title: string;
  page: number;
  onPageChange: (page: number) => void;
  onDocumentLoad?: (pageCount: number) => void;
}) {
  const { t } = useTranslation('courses');
  const { state, retry } = usePdfDocument(url);
  const { ref, width } = useContainerWidth();
  const [zoomIndex, setZoomIndex] = useState(1);
  const pageInputId = useId();
  const pageCount = state.status === 'ready' ? state.document.numPages : 0;
  const current = pageCount ? clampPage(page, pageCount) : page;
  const [draft, setDraft] = useState(String(current));

  useEffect(() => setDraft(String(current)), [current]);
  useEffect(() => {
    if (pageCount) onDocumentLoad?.(pageCount);
  }, [pageCount, onDocumentLoad]);

  const goTo = (target: number) => {
    if (!pageCount) return;
    const next = clampPage(target, pageCount);
    if (next !== current) onPageChange(next);
    setDraft(String(next));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'ArrowRight' || event.key === 'PageDown') {
      event.preventDefault();
      goTo(current + 1);
    } else if (event.key === 'ArrowLeft' || event.key === 'PageUp') {
      event.preventDefault();
      goTo(current - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      goTo(1);
    } else if (event.key === 'End') {
      event.preventDefault();
      goTo(pageCount);
    }
  };
  const zoom = ZOOM_STEPS[zoomIndex] ?? 1;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border bg-card p-2">
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="icon"
            aria-label={t('pdf.previousPage')}
            disabled={!pageCount || current <= 1}
            onClick={() => goTo(current - 1)}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <form
            className="flex items-center gap-2 text-sm"
            onSubmit={(event) => {
              event.preventDefault();
              goTo(Number.parseInt(draft, 10) || current);
            }}
          >
            <label htmlFor={pageInputId} className="sr-only">
              {t('pdf.pageNumber')}
            </label>
            <Input
              id={pageInputId}
              type="number"
              inputMode="numeric"
              min={1}
              max={pageCount || undefined}
              value={draft}
              disabled={!pageCount}
              onChange={(event) => setDraft(event.target.value)}
              onBlur={() => goTo(Number.parseInt(draft, 10) || current)}
              className="h-9 w-16 text-center"
            />
            <span className="whitespace-nowrap text-muted-foreground">
              {t('pdf.ofPages', { total: pageCount || 0 })}
            </span>
          </form>
          <Button
            variant="outline"
            size="icon"
            aria-label={t('pdf.nextPage')}
            disabled={!pageCount || current >= pageCount}
            onClick={() => goTo(current + 1)}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('pdf.zoomOut')}
            disabled={zoomIndex === 0}
            onClick={() => setZoomIndex((index) => Math.max(0, index - 1))}
          >
            <ZoomOut aria-hidden="true" />
          </Button>
          <span className="w-12 text-center text-sm tabular-nums" aria-live="polite">
            {t('pdf.zoomValue', { percent: Math.round(zoom * 100) })}
          </span>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('pdf.zoomIn')}
            disabled={zoomIndex === ZOOM_STEPS.length - 1}
            onClick={() => setZoomIndex((index) => Math.min(ZOOM_STEPS.length - 1, index + 1))}
          >
            <ZoomIn aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="sm" asChild>
            <a href={url} target="_blank" rel="noreferrer">
              <ExternalLink aria-hidden="true" />
              {t('pdf.openFile')}
            </a>
          </Button>
        </div>
      </div>
      <p className="sr-only" aria-live="polite">
        {pageCount ? t('pdf.pageStatus', { page: current, total: pageCount }) : ''}
      </p>
      <section
        ref={ref}
        aria-label={t('pdf.documentLabel', { title })}
        aria-describedby={`${pageInputId}-keys`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrollable page area takes arrow keys for turning pages
        tabIndex={0}
        onKeyDown={onKeyDown}
        className="max-h-[80vh] min-h-64 overflow-auto rounded-md border border-border bg-muted p-2 sm:p-4"
      >
        <span id={`${pageInputId}-keys`} className="sr-only">
          {t('pdf.keyboardHint')}
        </span>
        {state.status === 'loading' ? <Spinner label={t('pdf.loading')} className="justify-center py-16" /> : null}
        {state.status === 'error' ? (
          <Alert variant="destructive" className="flex flex-col items-start gap-3">
            <span className="flex items-center gap-2 font-medium">
              <FileWarning className="size-4" aria-hidden="true" />
              {t('pdf.loadFailed')}
            </span>
            <Button variant="outline" size="sm" onClick={retry}>
              {t('pdf.retry')}
            </Button>
          </Alert>
        ) : null}
        {state.status === 'ready' ? (
          <PdfPage document={state.document} pageNumber={current} width={width} zoom={zoom} />
        ) : null}
      </section>
    </div>
  );
}
