import { Worker } from 'node:worker_threads';
import { ScormPackageError, type ScormPackageFailureReason } from './scorm.errors.ts';
import type { ExtractedScormPackage, ScormPackageLimits } from './scorm-zip.ts';

export type ExtractScormZipInput = { zipPath: string; targetDir: string; limits?: Partial<ScormPackageLimits> };

export type ExtractWorkerAnswer =
  | { ok: true; result: ExtractedScormPackage }
  | { ok: false; packageError: { reason: ScormPackageFailureReason; message: string } }
  | { ok: false; failure: string };

/**
 * The worker's own heap. Extraction streams, so it needs little; the bound keeps a hostile package from growing
 * the server, and the small young generation keeps the garbage of thousands of short streams from piling up.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 4 };

/** The compiled worker sits beside the production bundle; from source, a shim loads the TypeScript entry. */
function workerUrl(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./scorm-extract-worker.dev.mjs', import.meta.url)
    : new URL('./scorm-extract-worker.js', import.meta.url);
}

/**
 * `extractScormZip` on a worker thread: the inflating, checksumming and file writing of a package of hundreds of
 * megabytes stays off the event loop that answers everyone else, and its garbage lives and dies in a heap of its own
 * that is released when the worker ends. Fails with the same `ScormPackageError`s as the direct call.
 */
export function extractScormZipInWorker(input: ExtractScormZipInput): Promise<ExtractedScormPackage> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl(), { workerData: input, resourceLimits: WORKER_LIMITS });
    let answered = false;
    worker.once('message', (answer: ExtractWorkerAnswer) => {
      answered = true;
      if (answer.ok) resolve(answer.result);
      else if ('packageError' in answer)
        reject(new ScormPackageError(answer.packageError.reason, answer.packageError.message));
      else reject(new Error(`SCORM extraction failed: ${answer.failure}`));
    });
    worker.once('error', (error) => {
      answered = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`SCORM extraction worker stopped with exit code ${code}`));
    });
  });
}
