import { GlobalWorkerOptions, PDFWorker } from 'pdfjs-dist';
// Bundled by Vite and served from our own origin; no CDN.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { PDF_WORKER_RETRY_MS } from './pdf-constants';
import { installPdfErrorHandlers } from './pdf-error-handlers';

GlobalWorkerOptions.workerSrc = workerUrl;

let worker: PDFWorker | null = null;
let generation = 0;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

/** The shared worker, started on first use. */
export function pdfWorker(): PDFWorker {
  if (!worker || worker.destroyed) worker = new PDFWorker();
  return worker;
}

/** Increments each time the worker is re-initialised; viewers reload their document when it changes. */
export const pdfWorkerGeneration = () => generation;

export function subscribeToPdfWorker(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Drops the current worker and, after the retry delay, lets viewers start a fresh one. */
export function scheduleWorkerRestart(delayMs = PDF_WORKER_RETRY_MS) {
  if (retryTimer) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    const previous = worker;
    worker = null;
    previous?.destroy();
    generation += 1;
    for (const listener of listeners) listener();
  }, delayMs);
}

let handlersInstalled = false;

/** Installs the window-level pdf/worker error handlers once; called when the PDF code first loads. */
export function ensurePdfErrorHandlers() {
  if (handlersInstalled || typeof window === 'undefined') return;
  handlersInstalled = true;
  installPdfErrorHandlers(scheduleWorkerRestart);
}

ensurePdfErrorHandlers();
