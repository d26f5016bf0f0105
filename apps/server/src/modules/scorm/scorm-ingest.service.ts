import path from 'node:path';
import type { Readable } from 'node:stream';
import type {
  ScormOrganizationTree,
  ScormScoSettings,
  ScormTreeItem,
  UploadScormPackageQuery,
} from '@portal/shared/scorm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.ts';
import type { BlobStore } from '../files/blob-store.ts';
import { ScormPackageError } from './scorm.errors.ts';
import type { ScormRepository } from './scorm.repository.ts';
import type { ScormActor } from './scorm.service.ts';
import {
  CONTENT_FOLDER,
  INTERRUPTED_MESSAGE,
  keepIngestLease,
  sweepInterruptedIngests,
  ZIP_FOLDER,
} from './scorm-ingest-lease.ts';
import { inspectScormPackage } from './scorm-inspect.ts';
import type { ScormItem, ScormManifest, ScormSco } from './scorm-manifest.ts';
import { resolveSequencing } from './scorm-sequencing.ts';
import type { ManageablePackage } from './scorm-studio.service.ts';
import { MANIFEST_FILE_NAME, type ScormPackageLimits } from './scorm-zip.ts';

type IngestDeps = {
  repository: ScormRepository;
  blobStore: BlobStore;
  limits: ScormPackageLimits;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  ingestLeaseSeconds: number;
  manageablePackage: ManageablePackage;
};
type Inspection = Awaited<ReturnType<typeof inspectScormPackage>>;

/** Keeps a file name readable in a blob key while removing anything a key may not hold. */
export function zipKeyFor(fileName: string, now = new Date()): string {
  const base = path.basename(fileName.replace(/\\/g, '/'));
  const safe =
    base
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^\.+/, '')
      .slice(-120) || 'package.zip';
  return `${ZIP_FOLDER}/${now.getTime()}_${safe}`;
}

function scoRows(packageId: string, scos: ScormSco[]) {
  return scos.map((sco, position) => ({
    packageId,
    organizationId: sco.organizationId,
    itemId: sco.itemId,
    parentItemId: sco.parentItemId,
    resourceId: sco.resourceId,
    title: sco.title.slice(0, 500),
    launchUrl: sco.href,
    scormType: sco.scormType,
    isVisible: sco.isVisible,
    position,
    settings: {
      parameters: sco.parameters,
      mastery_score: sco.masteryScore,
      completion_threshold: sco.completionThreshold,
      time_limit_action: sco.timeLimitAction,
      data_from_lms: sco.dataFromLms,
      max_time_allowed: sco.maxTimeAllowed,
      prerequisites: sco.prerequisites,
      shared_data: sco.sharedData.map(({ targetId, read, write }) => ({ target_id: targetId, read, write })),
    } satisfies ScormScoSettings,
  }));
}

/** The organizations tree the player gets, with shared sequencing collection entries applied to each activity. */
export function structureOf(manifest: ScormManifest) {
  const treeItem = (item: ScormItem): ScormTreeItem => ({
    item_id: item.id,
    title: item.title,
    is_visible: item.isVisible,
    launchable: item.href !== null,
    sequencing: (resolveSequencing(item.sequencing, manifest.sequencingCollection) as Record<string, unknown>) ?? null,
    hide_lms_ui: item.presentation?.hideLmsUi ?? [],
    children: item.children.map(treeItem),
  });
  const organizations: ScormOrganizationTree[] = manifest.organizations.map((organization) => ({
    id: organization.id,
    title: organization.title,
    sequencing:
      (resolveSequencing(organization.sequencing, manifest.sequencingCollection) as Record<string, unknown>) ?? null,
    items: organization.items.map(treeItem),
  }));
  return {
    defaultOrganizationId: manifest.defaultOrganizationId,
    organizations,
    sequencingCollection: manifest.sequencingCollection,
  };
}

/** Streams an uploaded ZIP into the blob store and records the package as `uploading`. */
async function uploadPackage(
  { repository, blobStore, limits }: IngestDeps,
  actor: ScormActor,
  query: UploadScormPackageQuery,
  body: Readable,
) {
  const zipPath = zipKeyFor(query.file_name);
  let size: number;
  try {
    ({ size } = await blobStore.put(zipPath, body, { maxBytes: limits.maxPackageBytes }));
  } catch (error) {
    if (error instanceof AppError && error.code === 'payload_too_large') {
      throw new AppError('payload_too_large', `File is larger than ${limits.maxPackageBytes} bytes`);
    }
    throw error;
  }
  if (size === 0) {
    await blobStore.delete(zipPath);
    throw new AppError('bad_request', 'The uploaded file is empty.');
  }
  const title = query.title?.trim() || query.file_name.replace(/\.zip$/i, '').trim() || 'SCORM package';
  return repository.insertPackage({
    title,
    description: query.description?.trim() || null,
    zipPath,
    status: 'uploading',
    isPublic: query.is_public ?? false,
    createdBy: actor.id,
    metadata: { originalFileName: query.file_name, fileSize: size, uploadedAt: new Date().toISOString() },
  });
}

/** Extracts the package's ZIP into its content folder, checking it on the way. */
async function extractPackage({ blobStore, limits }: IngestDeps, zipPath: string, extractPath: string) {
  await blobStore.deletePrefix(extractPath);
  const zip = await blobStore.localFile(zipPath);
  return blobStore
    .fillFolder(extractPath, (targetDir) => inspectScormPackage({ zipPath: zip.path, targetDir, limits }))
    .finally(() => zip.release());
}

/** Stores the package's SCOs and makes it ready, unless a sweep failed it meanwhile. */
async function markReady(repository: ScormRepository, packageId: string, extractPath: string, inspection: Inspection) {
  const root = `${extractPath}${inspection.rootPrefix ? `/${inspection.rootPrefix.replace(/\/$/, '')}` : ''}`;
  await repository.transaction(async (tx) => {
    await repository.insertScos(scoRows(packageId, inspection.manifest.scos), tx);
    const ready = await repository.transitionPackage(
      packageId,
      'processing',
      {
        status: 'ready',
        version: inspection.manifest.version,
        manifestPath: `${root}/${MANIFEST_FILE_NAME}`,
        extractPath: root,
        structure: structureOf(inspection.manifest),
        fileCount: inspection.fileCount,
        unpackedBytes: inspection.unpackedBytes,
      },
      tx,
    );
    // A sweep failed the package while this ingest was stalled; its result must not come back to life.
    if (!ready) throw new ScormPackageError('interrupted', INTERRUPTED_MESSAGE);
  });
}

/** Removes what the ingest extracted and fails the package with the reason it stopped. */
async function markFailed(
  { repository, blobStore, logger }: IngestDeps,
  packageId: string,
  extractPath: string,
  error: unknown,
) {
  await blobStore.deletePrefix(extractPath).catch(() => undefined);
  const known = error instanceof ScormPackageError;
  if (!known) logger.error({ err: error, packageId }, 'SCORM package processing failed');
  await repository.transitionPackage(packageId, 'processing', {
    status: 'failed',
    failureReason: known ? error.reason : 'internal',
    failureMessage: known ? error.message : 'The package could not be processed because of an error on our side.',
  });
}

/**
 * Extracts, parses and checks an uploaded package: `uploading` -> `processing` -> `ready`, or `failed` with one
 * reason. Calling it again on a package that is already past `uploading` only returns it.
 */
async function processPackage(deps: IngestDeps, actor: ScormActor, packageId: string) {
  const { repository, logger, manageablePackage } = deps;
  const pkg = await manageablePackage(actor, packageId);
  const claimed = await repository.transitionPackage(packageId, 'uploading', { status: 'processing' });
  if (!claimed) return pkg;
  const extractPath = `${CONTENT_FOLDER}/${packageId}`;
  const stopRenewing = keepIngestLease({
    repository,
    packageId,
    leaseSeconds: deps.ingestLeaseSeconds,
    onError: (error) => logger.warn({ err: error, packageId }, 'SCORM ingest lease not renewed'),
  });
  try {
    const inspection = await extractPackage(deps, pkg.zipPath, extractPath);
    await markReady(repository, packageId, extractPath, inspection);
  } catch (error) {
    await markFailed(deps, packageId, extractPath, error);
  } finally {
    stopRenewing();
  }
  return (await repository.findPackage(packageId)) ?? pkg;
}

/** Bringing packages in: the upload, its processing into a ready package, and the sweep of interrupted ingests. */
export function createScormIngest(deps: IngestDeps) {
  const { repository, blobStore, ingestLeaseSeconds } = deps;
  return {
    upload: (actor: ScormActor, query: UploadScormPackageQuery, body: Readable) =>
      uploadPackage(deps, actor, query, body),

    process: (actor: ScormActor, packageId: string) => processPackage(deps, actor, packageId),

    /**
     * Fails packages whose ingest stopped renewing its lease (the server crashed or restarted mid-ingest) and removes
     * their partial files; a slow ingest that is alive keeps its lease and is left alone. Returns how many it failed.
     */
    sweepInterrupted: () => sweepInterruptedIngests({ repository, blobStore, leaseSeconds: ingestLeaseSeconds }),
  };
}
