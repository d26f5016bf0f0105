import { PDF_WORKER_RETRY_MS } from './pdf-constants';

const PDF_OR_WORKER = /pdf|worker/i;
const WORKER = /worker/i;

function messageOf(reason: unknown): string {
  if (reason instanceof Error) return `${reason.name}: ${reason.message}`;
  if (typeof reason === 'string') return reason;
  if (reason && typeof reason === 'object' && 'message' in reason) return String(reason.message);
  return '';
}

/** Errors and rejections whose message mentions pdf or worker are logged and suppressed. */
export function isPdfOrWorkerError(reason: unknown): boolean {
  return PDF_OR_WORKER.test(messageOf(reason));
}

export function isWorkerError(reason: unknown): boolean {
  return WORKER.test(messageOf(reason));
}

/**
 * Installs window-level handlers: a pdf- or worker-related error is logged and suppressed, and a
 * worker-related one restarts the PDF worker after PDF_WORKER_RETRY_MS.
 */
export function installPdfErrorHandlers(restartWorker: (delayMs: number) => void, target: Window = window) {
  const handle = (reason: unknown, event: Event) => {
    if (!isPdfOrWorkerError(reason)) return;
    event.preventDefault();
    console.warn('PDF error suppressed:', messageOf(reason));
    if (isWorkerError(reason)) restartWorker(PDF_WORKER_RETRY_MS);
  };
  const onError = (event: ErrorEvent) => handle(event.error ?? event.message, event);
  const onRejection = (event: PromiseRejectionEvent) => handle(event.reason, event);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
