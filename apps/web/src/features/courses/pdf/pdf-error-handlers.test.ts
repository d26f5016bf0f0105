import { afterEach, describe, expect, it, vi } from 'vitest';
import { PDF_WORKER_RETRY_MS } from './pdf-constants';
import { installPdfErrorHandlers, isPdfOrWorkerError, isWorkerError } from './pdf-error-handlers';

function rejection(reason: unknown) {
  const event = new Event('unhandledrejection', { cancelable: true }) as PromiseRejectionEvent;
  Object.defineProperty(event, 'reason', { value: reason });
  return event;
}

describe('global pdf and worker error handling', () => {
  let uninstall: (() => void) | undefined;
  afterEach(() => {
    uninstall?.();
    vi.restoreAllMocks();
  });

  it('recognises errors whose message mentions pdf or worker', () => {
    expect(isPdfOrWorkerError(new Error('Invalid PDF structure.'))).toBe(true);
    expect(isPdfOrWorkerError('Setting up fake worker failed')).toBe(true);
    expect(isPdfOrWorkerError({ message: 'Worker was terminated' })).toBe(true);
    expect(isPdfOrWorkerError(new Error('Network error'))).toBe(false);
    expect(isWorkerError(new Error('Invalid PDF structure.'))).toBe(false);
  });

  it('logs and suppresses a worker error, then restarts the worker after 1 second', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const restart = vi.fn();
    uninstall = installPdfErrorHandlers(restart);
    const event = new ErrorEvent('error', { message: 'Worker failed to load', cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(warn).toHaveBeenCalled();
    expect(restart).toHaveBeenCalledWith(PDF_WORKER_RETRY_MS);
    expect(PDF_WORKER_RETRY_MS).toBe(1000);
  });

  it('suppresses a pdf rejection without restarting, and leaves unrelated failures alone', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const restart = vi.fn();
    uninstall = installPdfErrorHandlers(restart);
    const pdf = rejection(new Error('Invalid PDF structure.'));
    window.dispatchEvent(pdf);
    expect(pdf.defaultPrevented).toBe(true);
    expect(restart).not.toHaveBeenCalled();

    const other = rejection(new Error('Something else broke'));
    window.dispatchEvent(other);
    expect(other.defaultPrevented).toBe(false);
  });
});
