/**
 * Worker-thread entry that extracts one SCORM package (see `extractScormZipInWorker`). It answers with the
 * extraction result, or with the package error's reason and message, or with an unexpected failure's text.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ScormPackageError } from './scorm.errors.ts';
import type { ExtractScormZipInput, ExtractWorkerAnswer } from './scorm-extract.ts';
import { extractScormZip } from './scorm-zip.ts';

async function run(input: ExtractScormZipInput): Promise<ExtractWorkerAnswer> {
  try {
    return { ok: true, result: await extractScormZip(input) };
  } catch (error) {
    if (error instanceof ScormPackageError) {
      return { ok: false, packageError: { reason: error.reason, message: error.message } };
    }
    return { ok: false, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

parentPort?.postMessage(await run(workerData as ExtractScormZipInput));
