import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { BlobStore } from '../files/blob-store.ts';
import type { ScormRepository } from './scorm.repository.ts';

export const ZIP_FOLDER = 'scorm-packages';
export const CONTENT_FOLDER = 'scorm-content';

/** How long an ingest may go without renewing its lease before it counts as interrupted; SCORM_INGEST_LEASE_SECONDS. */
export const DEFAULT_INGEST_LEASE_SECONDS = 120;

/** What the owner of an interrupted package reads; the studio shows its own translation of the reason. */
export const INTERRUPTED_MESSAGE = 'Processing was interrupted. Upload the package again.';

/** An upload's temp file untouched this long belongs to a request that is gone. */
const ABANDONED_UPLOAD_MS = 15 * 60_000;

/** `.<package id>.partial-<uuid>`, the folder an extraction writes into before it is renamed into place. */
const PARTIAL_CONTENT = /^\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.partial-/;

/**
 * Keeps a running ingest's lease fresh (several times per lease), so a sweep on any instance leaves a slow but
 * healthy ingest alone. Returns the function that stops renewing.
 */
export function keepIngestLease({
  repository,
  packageId,
  leaseSeconds,
  onError,
}: {
  repository: ScormRepository;
  packageId: string;
  leaseSeconds: number;
  onError: (error: unknown) => void;
}): () => void {
  const timer = setInterval(
    () => {
      repository.renewIngestLease(packageId).catch(onError);
    },
    Math.max(50, (leaseSeconds * 1000) / 4),
  );
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Fails every package whose ingest stopped renewing its lease, removes what its extraction left on disk, and
 * removes partial extraction folders and upload files that no live ingest owns. Returns how many packages it failed.
 */
export async function sweepInterruptedIngests({
  repository,
  blobStore,
  leaseSeconds,
}: {
  repository: ScormRepository;
  blobStore: BlobStore;
  leaseSeconds: number;
}): Promise<number> {
  const failed = await repository.failInterrupted(INTERRUPTED_MESSAGE, { leaseSeconds });
  for (const packageId of failed) await blobStore.deletePrefix(`${CONTENT_FOLDER}/${packageId}`);

  // A remote store never holds partial folders or uploads: extraction and uploads happen in temporary files.
  if (!blobStore.localPath) return failed.length;
  const contentDir = blobStore.localPath(CONTENT_FOLDER);
  const partials = (await entriesOf(contentDir)).flatMap((name) => {
    const packageId = PARTIAL_CONTENT.exec(name)?.[1];
    return packageId ? [{ name, packageId }] : [];
  });
  const live = new Set(await repository.listIngesting([...new Set(partials.map((entry) => entry.packageId))]));
  for (const partial of partials) {
    if (!live.has(partial.packageId)) await rm(path.join(contentDir, partial.name), { recursive: true, force: true });
  }

  const zipDir = blobStore.localPath(ZIP_FOLDER);
  for (const name of await entriesOf(zipDir)) {
    if (!name.endsWith('.partial')) continue;
    const file = path.join(zipDir, name);
    const info = await stat(file).catch(() => null);
    if (info && Date.now() - info.mtimeMs > ABANDONED_UPLOAD_MS) await rm(file, { force: true });
  }
  return failed.length;
}

async function entriesOf(dir: string): Promise<string[]> {
  return readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
}
