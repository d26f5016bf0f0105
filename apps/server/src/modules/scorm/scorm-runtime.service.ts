import type { Role } from '@portal/shared/roles';
import type { ScormAttemptStart, ScormCommitBody, ScormCommitResult } from '@portal/shared/scorm';
import type { ScormSequencingStateBody } from '@portal/shared/scorm-sequencing';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.ts';
import type { ActivityRepository } from '../activity/activity.repository.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import type { ScormAttemptRow, ScormPackageRow, ScormRepository, ScormScoRow } from './scorm.repository.ts';
/** Who is asking, as the session and role say. */
import type { ScormActor } from './scorm.service.ts';
import { attemptEnds, rollupScos, summarizeAttempts } from './scorm-attempts.ts';
import { commitOrder, staleCommitAnswer, withStoredParts } from './scorm-commit-order.ts';
import { createCommitRollUp } from './scorm-commit-rollup.ts';
import { CONTENT_TOKEN_TTL_SECONDS, createContentToken, verifyContentToken } from './scorm-content-token.ts';
import { enrollmentStatus, scoProgress } from './scorm-progress.ts';
import {
  buildLaunchCmi,
  completeUnreportedFinish,
  runtimeFamilyOf,
  summarizeCmi,
  validateCommittedCmi,
} from './scorm-runtime.ts';

const notFound = () => new AppError('not_found', 'SCORM package not found.');

/** What a learner's player asks of a package: sessions, attempts, commits, sequencing state and content access. */
export function createScormRuntimeService({
  repository,
  domainEvents,
  contentSecret,
  contentOrigin,
  logger,
  roleOf,
  activityRepository,
  canManage,
  assertCourseAccess,
}: {
  repository: ScormRepository;
  domainEvents: DomainEvents;
  contentSecret: string;
  contentOrigin: () => string;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  roleOf: (userId: string) => Promise<Role>;
  activityRepository: ActivityRepository;
  canManage: (actor: ScormActor, pkg: Pick<ScormPackageRow, 'createdBy'>) => boolean;
  assertCourseAccess: (actor: ScormActor, packageId: string) => Promise<void>;
}) {
  /** A private package a learner reached through a course lesson launches only while that course is in their plan. */
  async function assertMayLaunch(actor: ScormActor, enrollment: { assignedBy: string | null }, pkg: ScormPackageRow) {
    if (pkg.isPublic || canManage(actor, pkg) || enrollment.assignedBy !== actor.id) return;
    await assertCourseAccess(actor, pkg.id);
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

  const rollUp = createCommitRollUp({ repository, domainEvents });

  return {
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
      if (body.api_errors?.length) {
        logger.warn({ attemptId, scoId: sco.id, apiErrors: body.api_errors }, 'SCORM API calls refused');
      }
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

/** The stored copy leaves out the navigation request, which belongs to the moment it was made. */
function storableCmi(cmi: Record<string, unknown>): Record<string, unknown> {
  const { adl: _adl, ...rest } = cmi;
  return rest;
}
