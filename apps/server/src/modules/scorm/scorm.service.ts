import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Role } from '@portal/shared/roles';
import type {
  ScormOrganizationTree,
  ScormScoSettings,
  ScormTreeItem,
  UploadScormPackageQuery,
} from '@portal/shared/scorm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import type { BlobStore } from '../files/blob-store.ts';
import { ScormPackageError } from './scorm.errors.ts';
import type { ScormPackageRow, ScormRepository } from './scorm.repository.ts';
import { createScormAssignments } from './scorm-assignments.service.ts';
import {
  CONTENT_FOLDER,
  DEFAULT_INGEST_LEASE_SECONDS,
  INTERRUPTED_MESSAGE,
  keepIngestLease,
  sweepInterruptedIngests,
  ZIP_FOLDER,
} from './scorm-ingest-lease.ts';
import { inspectScormPackage } from './scorm-inspect.ts';
import type { ScormItem, ScormManifest, ScormSco } from './scorm-manifest.ts';
/** Who is asking, as the session and role say. */
import { createScormRuntimeService } from './scorm-runtime.service.ts';
import { resolveSequencing } from './scorm-sequencing.ts';
import { createScormStudio } from './scorm-studio.service.ts';
import { MANIFEST_FILE_NAME, type ScormPackageLimits } from './scorm-zip.ts';
export type ScormActor = { id: string; name: string; role: Role };

const notFound = () => new AppError('not_found', 'SCORM package not found.');

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

export function createScormService({
  repository,
  blobStore,
  domainEvents,
  limits,
  contentSecret,
  contentOrigin,
  logger,
  roleOf,
  activity,
  ingestLeaseSeconds = DEFAULT_INGEST_LEASE_SECONDS,
  assertCourseAccess = async () => undefined,
}: {
  repository: ScormRepository;
  blobStore: BlobStore;
  domainEvents: DomainEvents;
  limits: ScormPackageLimits;
  contentSecret: string;
  /** Read when a player session is made, since an embedded content server on port 0 learns its port late. */
  contentOrigin: () => string;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  roleOf: (userId: string) => Promise<Role>;
  activity: Pick<ActivityService, 'addTime' | 'timeEndingNowForManySteps'>;
  /** See `sweepInterrupted`; seconds, fractions allowed. */
  ingestLeaseSeconds?: number;
  /** Throws when the courses embedding a package are all above the learner's plan. */
  assertCourseAccess?: (actor: ScormActor, packageId: string) => Promise<void>;
}) {
  const canManage = (actor: ScormActor, pkg: Pick<ScormPackageRow, 'createdBy'>) =>
    actor.role === 'admin' || (actor.role === 'instructor' && pkg.createdBy === actor.id);

  async function manageablePackage(actor: ScormActor, packageId: string) {
    const pkg = await repository.findPackage(packageId);
    if (!pkg || !canManage(actor, pkg)) throw notFound();
    return pkg;
  }

  return {
    canManage,

    /** A package's status, or null when there is none; a course lesson may embed only a ready package. */
    async packageStatus(packageId: string) {
      return (await repository.findPackage(packageId))?.status ?? null;
    },

    /** Streams an uploaded ZIP into the blob store and records the package as `uploading`. */
    async upload(actor: ScormActor, query: UploadScormPackageQuery, body: Readable) {
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
    },

    /**
     * Extracts, parses and checks an uploaded package: `uploading` -> `processing` -> `ready`, or `failed` with one
     * reason. Calling it again on a package that is already past `uploading` only returns it.
     */
    async process(actor: ScormActor, packageId: string) {
      const pkg = await manageablePackage(actor, packageId);
      const claimed = await repository.transitionPackage(packageId, 'uploading', { status: 'processing' });
      if (!claimed) return pkg;
      const extractPath = `${CONTENT_FOLDER}/${packageId}`;
      const stopRenewing = keepIngestLease({
        repository,
        packageId,
        leaseSeconds: ingestLeaseSeconds,
        onError: (error) => logger.warn({ err: error, packageId }, 'SCORM ingest lease not renewed'),
      });
      try {
        await blobStore.deletePrefix(extractPath);
        const zip = await blobStore.localFile(pkg.zipPath);
        const inspection = await blobStore
          .fillFolder(extractPath, (targetDir) => inspectScormPackage({ zipPath: zip.path, targetDir, limits }))
          .finally(() => zip.release());
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
      } catch (error) {
        await blobStore.deletePrefix(extractPath).catch(() => undefined);
        const known = error instanceof ScormPackageError;
        if (!known) logger.error({ err: error, packageId }, 'SCORM package processing failed');
        await repository.transitionPackage(packageId, 'processing', {
          status: 'failed',
          failureReason: known ? error.reason : 'internal',
          failureMessage: known ? error.message : 'The package could not be processed because of an error on our side.',
        });
      } finally {
        stopRenewing();
      }
      return (await repository.findPackage(packageId)) ?? pkg;
    },

    /**
     * Fails packages whose ingest stopped renewing its lease (the server crashed or restarted mid-ingest) and removes
     * their partial files; a slow ingest that is alive keeps its lease and is left alone. Returns how many it failed.
     */
    sweepInterrupted: () => sweepInterruptedIngests({ repository, blobStore, leaseSeconds: ingestLeaseSeconds }),

    ...createScormStudio({ repository, blobStore, manageablePackage }),
    ...createScormAssignments({ repository, manageablePackage }),

    ...createScormRuntimeService({
      repository,
      domainEvents,
      contentSecret,
      contentOrigin,
      logger,
      roleOf,
      activity,
      canManage,
      assertCourseAccess,
    }),
  };
}
export type ScormService = ReturnType<typeof createScormService>;

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
