import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Role } from '@portal/shared/roles';
import type {
  CreateScormEnrollmentsBody,
  ListScormPackagesQuery,
  ScormAnalytics,
  ScormAttemptStart,
  ScormCommitBody,
  ScormCommitResult,
  ScormEnrollmentStatus,
  ScormOrganizationTree,
  ScormScoSettings,
  ScormTreeItem,
  UpdateScormPackageBody,
  UploadScormPackageQuery,
} from '@portal/shared/scorm';
import type { ScormSequencingStateBody } from '@portal/shared/scorm-sequencing';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { ActivityRepository } from '../activity/activity.repository.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import type { BlobStore } from '../files/blob-store.ts';
import { ScormPackageError } from './scorm.errors.ts';
import type { ScormAttemptRow, ScormPackageRow, ScormRepository, ScormScoRow } from './scorm.repository.ts';
import { attemptEnds, rollupScos, summarizeAttempts } from './scorm-attempts.ts';
import { commitOrder, staleCommitAnswer, withStoredParts } from './scorm-commit-order.ts';
import { CONTENT_TOKEN_TTL_SECONDS, createContentToken, verifyContentToken } from './scorm-content-token.ts';
import { rollUpSequencedEnrollment } from './scorm-enrollment-rollup.ts';
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
import { type ProgressAttempt, rollUpEnrollment, scoProgress } from './scorm-progress.ts';
import {
  buildLaunchCmi,
  completeUnreportedFinish,
  runtimeFamilyOf,
  summarizeCmi,
  validateCommittedCmi,
} from './scorm-runtime.ts';
import { resolveSequencing } from './scorm-sequencing.ts';
import { MANIFEST_FILE_NAME, type ScormPackageLimits } from './scorm-zip.ts';

/** Who is asking, as the session and role say. */
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
  activityRepository,
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
  activityRepository: ActivityRepository;
  /** See `sweepInterrupted`; seconds, fractions allowed. */
  ingestLeaseSeconds?: number;
  /** Throws when the courses embedding a package are all above the learner's plan. */
  assertCourseAccess?: (actor: ScormActor, packageId: string) => Promise<void>;
}) {
  const canManage = (actor: ScormActor, pkg: Pick<ScormPackageRow, 'createdBy'>) =>
    actor.role === 'admin' || (actor.role === 'instructor' && pkg.createdBy === actor.id);

  /** A private package a learner reached through a course lesson launches only while that course is in their plan. */
  async function assertMayLaunch(actor: ScormActor, enrollment: { assignedBy: string | null }, pkg: ScormPackageRow) {
    if (pkg.isPublic || canManage(actor, pkg) || enrollment.assignedBy !== actor.id) return;
    await assertCourseAccess(actor, pkg.id);
  }

  async function manageablePackage(actor: ScormActor, packageId: string) {
    const pkg = await repository.findPackage(packageId);
    if (!pkg || !canManage(actor, pkg)) throw notFound();
    return pkg;
  }

  /** The learner's own enrolment in a ready SCORM 2004 package; SCORM 1.2 has no sequencing state. */
  async function ownSequencedEnrollment(actor: ScormActor, enrollmentId: string) {
    const enrollment = await repository.findOwnEnrollment(actor.id, enrollmentId);
    if (!enrollment) throw new AppError('not_found', 'Enrolment not found.');
    const pkg = await repository.findPackage(enrollment.packageId);
    if (pkg?.status !== 'ready') throw new AppError('not_found', 'Enrolment not found.');
    if (runtimeFamilyOf(pkg.version ?? '1.2') !== '2004') {
      throw new AppError('bad_request', 'Only SCORM 2004 packages have sequencing state.');
    }
    return enrollment;
  }

  /** Whether this user may open a package's content: its managers, public packages, and enrolled learners. */
  async function canOpenContent(userId: string, pkg: ScormPackageRow): Promise<boolean> {
    if (pkg.status !== 'ready') return false;
    if (pkg.isPublic || pkg.createdBy === userId) return true;
    if (await repository.hasEnrollment(pkg.id, userId)) return true;
    return (await roleOf(userId)) === 'admin';
  }

  function contentFor(actor: ScormActor, packageId: string) {
    const token = createContentToken(contentSecret, {
      packageId,
      userId: actor.id,
      expiresAt: Math.floor(Date.now() / 1000) + CONTENT_TOKEN_TTL_SECONDS,
    });
    const origin = contentOrigin();
    return { origin, wrapper_url: `${origin}/scorm/w/${token}` };
  }

  /** Sums the enrolment up after a commit and records completion and pass once each, in the commit's transaction. */
  async function rollUp(
    tx: Db,
    { enrollmentId, learnerId, scoId }: { enrollmentId: string; learnerId: string; scoId: string },
  ) {
    const progress = await repository.lockEnrollmentProgress(tx, enrollmentId);
    if (!progress) return;
    const { enrollment, attempts, scos, structure } = progress;
    const sequenced = await rollUpSequencedEnrollment(tx, progress);
    const rollup = sequenced ?? rollUpEnrollment(rollupScos(scos, structure), attempts);
    const now = new Date();
    if (rollup.completed && !enrollment.completedAt) {
      await repository.stampEnrollment(tx, enrollmentId, { completedAt: now });
      await domainEvents.record(tx, {
        type: 'scorm.completed',
        userId: learnerId,
        subjectId: enrollment.packageId,
        payload: { packageId: enrollment.packageId, enrollmentId, scoId },
      });
    }
    if (rollup.passed && !enrollment.passedAt) {
      await repository.stampEnrollment(tx, enrollmentId, { passedAt: now });
      await domainEvents.record(tx, {
        type: 'scorm.passed',
        userId: learnerId,
        subjectId: enrollment.packageId,
        payload: { packageId: enrollment.packageId, enrollmentId, scoId, score: rollup.score },
      });
    }
  }

  return {
    canManage,

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
        const inspection = await inspectScormPackage({
          zipPath: blobStore.localPath(pkg.zipPath),
          targetDir: blobStore.localPath(extractPath),
          limits,
        });
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

    async list(actor: ScormActor, query: ListScormPackagesQuery) {
      return repository.listPackages({ ownerId: actor.role === 'admin' ? null : actor.id, ...query });
    },

    async detail(actor: ScormActor, packageId: string) {
      const pkg = await manageablePackage(actor, packageId);
      return { pkg, scos: await repository.listScos(packageId) };
    },

    async update(actor: ScormActor, packageId: string, changes: UpdateScormPackageBody) {
      await manageablePackage(actor, packageId);
      const row = await repository.updatePackage(packageId, {
        ...(changes.title !== undefined ? { title: changes.title } : {}),
        ...(changes.description !== undefined ? { description: changes.description || null } : {}),
        ...(changes.is_public !== undefined ? { isPublic: changes.is_public } : {}),
      });
      if (!row) throw notFound();
      return (await repository.findPackage(packageId)) ?? row;
    },

    /** Deletes the package, its learners' data and its files (the ZIP and the extracted folder). */
    async remove(actor: ScormActor, packageId: string) {
      const pkg = await manageablePackage(actor, packageId);
      await repository.deletePackage(packageId);
      await blobStore.deletePrefix(`${CONTENT_FOLDER}/${packageId}`);
      await blobStore.delete(pkg.zipPath);
    },

    searchLearners: (search: string | undefined) => repository.searchPeople(search),

    async listEnrollments(actor: ScormActor, packageId: string) {
      await manageablePackage(actor, packageId);
      const [rows, attempts] = await Promise.all([
        repository.listEnrollments(packageId),
        repository.packageAttempts(packageId),
      ]);
      return rows.map((row) => ({
        ...row,
        status: enrollmentStatus(
          row.enrollment,
          attempts.filter((attempt) => attempt.enrollmentId === row.enrollment.id).map((entry) => entry.attempt),
        ),
      }));
    },

    async enrol(actor: ScormActor, packageId: string, body: CreateScormEnrollmentsBody) {
      const pkg = await manageablePackage(actor, packageId);
      if (pkg.status !== 'ready') throw new AppError('conflict', 'Only a package that is ready can be assigned.');
      const requested = [...new Set(body.learner_ids)];
      const existing = await repository.existingUserIds(requested);
      if (existing.length !== requested.length) throw new AppError('bad_request', 'Some of the learners do not exist.');
      await repository.upsertEnrollments(packageId, existing, {
        dueAt: body.due_at ? new Date(body.due_at) : null,
        assignedBy: actor.id,
      });
    },

    async unenrol(actor: ScormActor, packageId: string, enrollmentId: string) {
      await manageablePackage(actor, packageId);
      if (!(await repository.deleteEnrollment(packageId, enrollmentId))) {
        throw new AppError('not_found', 'Enrolment not found.');
      }
    },

    async analytics(actor: ScormActor, packageId: string): Promise<ScormAnalytics> {
      await manageablePackage(actor, packageId);
      const [enrollments, attempts, interactions] = await Promise.all([
        repository.listEnrollments(packageId),
        repository.packageAttempts(packageId),
        repository.packageInteractionStats(packageId),
      ]);
      const bestScores = new Map<string, number>();
      const attempted = new Set<string>();
      for (const { attempt, enrollmentId } of attempts) {
        if (attempt.commitCount > 0) attempted.add(enrollmentId);
        if (attempt.scoreScaled !== null) {
          bestScores.set(enrollmentId, Math.max(bestScores.get(enrollmentId) ?? -1, attempt.scoreScaled));
        }
      }
      const scores = [...bestScores.values()];
      return {
        enrolled: enrollments.length,
        attempted: attempted.size,
        completed: enrollments.filter((row) => row.enrollment.completedAt).length,
        passed: enrollments.filter((row) => row.enrollment.passedAt).length,
        average_score:
          scores.length === 0
            ? null
            : Math.round((scores.reduce((sum, score) => sum + score, 0) / scores.length) * 1000) / 10,
        total_time_seconds: Math.round(attempts.reduce((sum, { attempt }) => sum + attempt.totalTimeSeconds, 0)),
        attempts: attempts.length,
        learners: enrollments.map(({ enrollment, learner }) => {
          const own = attempts.filter((entry) => entry.enrollmentId === enrollment.id).map((entry) => entry.attempt);
          return {
            enrollment_id: enrollment.id,
            learner,
            status: enrollmentStatus(enrollment, own),
            attempts: summarizeAttempts(own),
          };
        }),
        interactions: interactions.map((row) => ({
          interaction_id: row.interactionId,
          description: row.description,
          type: row.type,
          responses: row.responses,
          correct: row.correct,
          incorrect: row.incorrect,
          other: row.responses - row.correct - row.incorrect,
        })),
      };
    },

    /** Preview: managers of the package, or anyone signed in for a public one. Nothing is recorded. */
    async previewSession(actor: ScormActor, packageId: string) {
      const pkg = await repository.findPackage(packageId);
      if (pkg?.status !== 'ready' || !(canManage(actor, pkg) || pkg.isPublic)) throw notFound();
      const scos = await repository.listScos(packageId);
      return {
        mode: 'preview' as const,
        pkg,
        scos,
        enrollmentId: null,
        progress: [],
        resumeScoId: null,
        canSelfEnroll: pkg.isPublic,
        content: contentFor(actor, packageId),
      };
    },

    /** Launch: the learner's own enrolment, with progress per SCO. */
    async launchSession(actor: ScormActor, enrollmentId: string) {
      const enrollment = await repository.findOwnEnrollment(actor.id, enrollmentId);
      if (!enrollment) throw new AppError('not_found', 'Enrolment not found.');
      const pkg = await repository.findPackage(enrollment.packageId);
      if (pkg?.status !== 'ready') throw new AppError('not_found', 'Enrolment not found.');
      await assertMayLaunch(actor, enrollment, pkg);
      const [scos, attempts] = await Promise.all([
        repository.listScos(pkg.id),
        repository.listOwnAttempts(actor.id, [enrollmentId]),
      ]);
      return {
        mode: 'launch' as const,
        pkg,
        scos,
        enrollmentId,
        progress: scoProgress(scos, attempts),
        resumeScoId: enrollment.lastScoId,
        canSelfEnroll: false,
        content: contentFor(actor, pkg.id),
      };
    },

    /**
     * A learner opening a course lesson that embeds a package gets an enrolment of their own and the player address;
     * the course decided access, so a private package is fine. Null while the package is not ready.
     */
    async courseLessonLaunchUrl(learnerId: string, packageId: string): Promise<string | null> {
      const pkg = await repository.findPackage(packageId);
      if (pkg?.status !== 'ready') return null;
      const enrollment = await repository.ensureOwnEnrollment(packageId, learnerId);
      const scos = await repository.listScos(packageId);
      const sco =
        scos.find((candidate) => candidate.id === enrollment.lastScoId) ??
        scos.find((candidate) => candidate.isVisible) ??
        scos[0];
      return sco ? `/scorm/launch/${enrollment.id}/${sco.id}` : null;
    },

    /** The sequencing state of the learner's own SCORM 2004 enrolment; others' enrolments are not found. */
    async sequencingState(actor: ScormActor, enrollmentId: string) {
      await ownSequencedEnrollment(actor, enrollmentId);
      const row = await repository.findOwnSequencingState(actor.id, enrollmentId);
      return {
        state: row?.state ?? null,
        revision: row?.revision ?? 0,
        updated_at: row?.updatedAt.toISOString() ?? null,
      };
    },

    /**
     * Keeps the sequencing engine's latest state for the learner's own SCORM 2004 enrolment. A state built on an
     * older revision that another tab saved is refused: the course moved on in another window, and its state must
     * not be overwritten.
     */
    async saveSequencingState(actor: ScormActor, enrollmentId: string, body: ScormSequencingStateBody) {
      await ownSequencedEnrollment(actor, enrollmentId);
      const row = await repository.saveOwnSequencingState(actor.id, enrollmentId, body);
      if (!row) {
        throw new AppError(
          'conflict',
          'This course moved on in another window. Reload to continue from where it is now.',
        );
      }
      return { state: body.state, revision: row.revision, updated_at: row.updatedAt.toISOString() };
    },

    /** A learner opening a public package gets an enrolment of their own, so the attempt is recorded. */
    async selfEnrol(actor: ScormActor, packageId: string) {
      const pkg = await repository.findPackage(packageId);
      if (pkg?.status !== 'ready' || !(pkg.isPublic || canManage(actor, pkg))) throw notFound();
      return repository.ensureOwnEnrollment(packageId, actor.id);
    },

    /** The cmi data a preview starts from: a learner with no history, in browse mode. */
    async previewAttempt(actor: ScormActor, packageId: string, scoId: string): Promise<ScormAttemptStart> {
      const pkg = await repository.findPackage(packageId);
      if (pkg?.status !== 'ready' || !(canManage(actor, pkg) || pkg.isPublic)) throw notFound();
      const sco = await repository.findSco(packageId, scoId);
      if (!sco) throw new AppError('not_found', 'SCO not found.');
      return {
        attempt_id: '',
        number: 0,
        entry: 'ab-initio',
        learner: { id: actor.id, name: actor.name },
        commit_sequence: 0,
        cmi: buildLaunchCmi({
          family: runtimeFamilyOf(pkg.version ?? '1.2'),
          learner: actor,
          settings: sco.settings,
          stored: null,
          entry: 'ab-initio',
          totalSeconds: 0,
          mode: 'browse',
        }),
      };
    },

    /**
     * Opens the attempt a launch runs in: the latest one when it has not ended (resumed with its data), else a new
     * one. A fresh session starts either way, so its time adds to the attempt's total.
     */
    async startAttempt(actor: ScormActor, enrollmentId: string, scoId: string): Promise<ScormAttemptStart> {
      const enrollment = await repository.findOwnEnrollment(actor.id, enrollmentId);
      if (!enrollment) throw new AppError('not_found', 'Enrolment not found.');
      const pkg = await repository.findPackage(enrollment.packageId);
      if (pkg?.status !== 'ready') throw new AppError('not_found', 'Enrolment not found.');
      await assertMayLaunch(actor, enrollment, pkg);
      const sco = await repository.findSco(pkg.id, scoId);
      if (!sco) throw new AppError('not_found', 'SCO not found.');

      const latest = await repository.latestOwnAttempt(actor.id, enrollmentId, scoId);
      let attempt: ScormAttemptRow;
      let stored: Record<string, unknown> | null = null;
      if (latest && !latest.endedAt) {
        attempt = latest;
        stored = await repository.findAttemptData(latest.id);
        await repository.beginSession(actor.id, latest.id);
      } else {
        attempt = await repository.insertAttempt({
          enrollmentId,
          scoId,
          learnerId: actor.id,
          number: (latest?.number ?? 0) + 1,
        });
      }
      await repository.markLaunched(actor.id, enrollmentId, scoId);
      // An asset has no API to report through: opening it completes it (an asset-only package included).
      if (sco.scormType === 'asset' && attempt.completionStatus !== 'completed') {
        await repository.transaction(async (tx) => {
          await repository.saveAttempt(tx, attempt.id, { completionStatus: 'completed' }, {}, []);
          await rollUp(tx, { enrollmentId, learnerId: actor.id, scoId });
        });
        void domainEvents.flush();
        // That save was the attempt's commit: the runtime numbers its own from the next one.
        attempt = { ...attempt, completionStatus: 'completed', commitCount: attempt.commitCount + 1 };
      }
      const entry = stored && attempt.commitCount > 0 ? 'resume' : 'ab-initio';
      return {
        attempt_id: attempt.id,
        number: attempt.number,
        entry,
        learner: { id: actor.id, name: actor.name },
        commit_sequence: attempt.commitCount,
        cmi: buildLaunchCmi({
          family: runtimeFamilyOf(pkg.version ?? '1.2'),
          learner: actor,
          settings: sco.settings,
          stored,
          entry,
          totalSeconds: attempt.totalTimeSeconds,
          mode: 'normal',
        }),
      };
    },

    /**
     * Stores a commit of the learner's own attempt. Values the runtime would refuse are answered with its SCORM
     * error code and change nothing; a terminating commit without `suspend` ends the attempt.
     */
    async commit(actor: ScormActor, attemptId: string, body: ScormCommitBody): Promise<ScormCommitResult> {
      const found = await repository.findOwnAttempt(actor.id, attemptId);
      if (!found) throw new AppError('not_found', 'Attempt not found.');
      const { attempt, sco, pkg } = found;
      const family = runtimeFamilyOf(pkg.version ?? '1.2');
      if (body.sco_id !== sco.id) throw new AppError('not_found', 'Attempt not found for this SCO.');
      const stored = await repository.findAttemptData(attemptId);
      const committed = withStoredParts(body.cmi, stored, body.unchanged);
      const cmi = completeUnreportedFinish(family, committed, Boolean(body.terminate));
      // A late or repeated commit changes nothing: a retry gets the answer the stored one got, an older one is stale.
      const order = commitOrder({
        lastSequence: attempt.commitCount,
        storedCmi: stored,
        sequence: body.sequence,
        cmi: storableCmi(cmi),
      });
      if (order !== 'next') return order === 'repeat' ? { result: true, errorCode: 0 } : staleCommitAnswer(family);
      if (attempt.endedAt) {
        return { result: false, errorCode: family === '1.2' ? 101 : 143, message: 'This attempt has already ended.' };
      }
      const launchCmi = buildLaunchCmi({
        family,
        learner: actor,
        settings: sco.settings,
        stored,
        entry: stored ? 'resume' : 'ab-initio',
        totalSeconds: attempt.sessionBaseSeconds,
        mode: 'normal',
      });
      const validation = validateCommittedCmi({ family, launchCmi, committed });
      if (!validation.ok) {
        return { result: false, errorCode: validation.errorCode, message: validation.message };
      }
      if (validation.warnings.length > 0) logger.warn({ attemptId, warnings: validation.warnings }, 'SCORM commit');

      const summary = summarizeCmi({ family, cmi, settings: sco.settings });
      const ended = Boolean(body.terminate) && attemptEnds(family, summary);
      let overtaken = false;
      await repository.transaction(async (tx) => {
        const locked = await repository.lockOwnAttempt(tx, actor.id, attemptId);
        if (!locked || locked.endedAt) return;
        overtaken = locked.commitCount >= body.sequence;
        if (overtaken) return;
        await repository.saveAttempt(
          tx,
          attemptId,
          {
            commitCount: body.sequence,
            completionStatus: summary.completionStatus,
            successStatus: summary.successStatus,
            scoreRaw: summary.scoreRaw,
            scoreScaled: summary.scoreScaled,
            location: summary.location,
            exit: summary.exit,
            totalTimeSeconds: locked.sessionBaseSeconds + summary.sessionSeconds,
            ...(ended ? { endedAt: new Date() } : {}),
          },
          storableCmi(cmi),
          summary.interactions,
        );
        await rollUp(tx, { enrollmentId: attempt.enrollmentId, learnerId: actor.id, scoId: sco.id });
        // Time the content reports counts as learning time, but never more than really passed since the last commit.
        const reported = locked.sessionBaseSeconds + summary.sessionSeconds - locked.totalTimeSeconds;
        const elapsed = (Date.now() - locked.updatedAt.getTime()) / 1000 + 5;
        await activityRepository.addTime(
          { userId: actor.id, endedAt: new Date(), seconds: Math.min(reported, elapsed), source: 'scorm' },
          tx,
        );
      });
      if (overtaken) return staleCommitAnswer(family);
      void domainEvents.flush();
      return { result: true, errorCode: 0, ...(validation.warnings.length ? { warnings: validation.warnings } : {}) };
    },

    async myEnrollments(actor: ScormActor) {
      const rows = await repository.listOwnEnrollments(actor.id);
      const attempts = await repository.listOwnAttempts(
        actor.id,
        rows.map((row) => row.enrollment.id),
      );
      const scosByPackage = new Map<string, ScormScoRow[]>();
      for (const row of rows) {
        if (!scosByPackage.has(row.pkg.id)) scosByPackage.set(row.pkg.id, await repository.listScos(row.pkg.id));
      }
      return rows.map(({ enrollment, pkg }) => {
        const scos = scosByPackage.get(pkg.id) ?? [];
        const own = attempts.filter((attempt) => attempt.enrollmentId === enrollment.id);
        const progress = scoProgress(rollupScos(scos, pkg.structure), own);
        const firstLaunchable = scos.find((sco) => sco.isVisible) ?? scos[0];
        return {
          enrollment,
          pkg,
          status: enrollmentStatus(enrollment, own),
          completedScos: progress.filter((entry) => entry.completion_status === 'completed').length,
          totalScos: progress.length,
          launchScoId: enrollment.lastScoId ?? firstLaunchable?.id ?? null,
          attempts: summarizeAttempts(own),
        };
      });
    },

    /** The package folder a content token opens, or null when the token or the reader's access is gone. */
    async contentRoot(token: string): Promise<string | null> {
      const grant = verifyContentToken(contentSecret, token);
      if (!grant) return null;
      const pkg = await repository.findPackage(grant.packageId);
      if (!pkg?.extractPath || !(await canOpenContent(grant.userId, pkg))) return null;
      return pkg.extractPath;
    },
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

/** The stored copy leaves out the navigation request, which belongs to the moment it was made. */
function storableCmi(cmi: Record<string, unknown>): Record<string, unknown> {
  const { adl: _adl, ...rest } = cmi;
  return rest;
}

function enrollmentStatus(
  enrollment: { completedAt: Date | null; passedAt: Date | null },
  attempts: ProgressAttempt[],
): ScormEnrollmentStatus {
  if (enrollment.passedAt) return 'passed';
  if (attempts.some((attempt) => attempt.successStatus === 'failed') && !enrollment.completedAt) return 'failed';
  if (enrollment.completedAt) return 'completed';
  return attempts.some((attempt) => attempt.commitCount > 0) ? 'in_progress' : 'not_started';
}
