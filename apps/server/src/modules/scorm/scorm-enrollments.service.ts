import type { ScormSequencingStateBody } from '@portal/shared/scorm-sequencing';
import { AppError } from '../../errors.ts';
import type { ScormRepository, ScormScoRow } from './scorm.repository.ts';
import type { ScormActor } from './scorm.service.ts';
import { rollupScos, summarizeAttempts } from './scorm-attempts.ts';
import { enrollmentStatus, scoProgress } from './scorm-progress.ts';
import { runtimeFamilyOf } from './scorm-runtime.ts';
import type { ScormRuntimeAccess } from './scorm-runtime-access.ts';

/** The learner's enrolments with their status, progress and attempts, for "my packages". */
async function summarizeEnrollments(repository: ScormRepository, actor: ScormActor) {
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
}

/** The learner's own enrolment in a ready SCORM 2004 package; SCORM 1.2 has no sequencing state. */
async function ownSequencedEnrollment(access: ScormRuntimeAccess, actor: ScormActor, enrollmentId: string) {
  const { enrollment, pkg } = await access.ownReadyEnrollment(actor, enrollmentId);
  if (runtimeFamilyOf(pkg.version ?? '1.2') !== '2004') {
    throw new AppError('bad_request', 'Only SCORM 2004 packages have sequencing state.');
  }
  return enrollment;
}

type EnrollmentDeps = { repository: ScormRepository; access: ScormRuntimeAccess };

/** A learner's enrolments: joining a public package, listing their own, and the SCORM 2004 sequencing state. */
export function createScormEnrollments({ repository, access }: EnrollmentDeps) {
  return {
    /** A learner opening a public package gets an enrolment of their own, so the attempt is recorded. */
    async selfEnrol(actor: ScormActor, packageId: string) {
      await access.openablePackage(actor, packageId);
      return repository.ensureOwnEnrollment(packageId, actor.id);
    },
    myEnrollments: (actor: ScormActor) => summarizeEnrollments(repository, actor),

    /** The sequencing state of the learner's own SCORM 2004 enrolment; others' enrolments are not found. */
    async sequencingState(actor: ScormActor, enrollmentId: string) {
      await ownSequencedEnrollment(access, actor, enrollmentId);
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
      await ownSequencedEnrollment(access, actor, enrollmentId);
      const row = await repository.saveOwnSequencingState(actor.id, enrollmentId, body);
      if (!row) {
        throw new AppError(
          'conflict',
          'This course moved on in another window. Reload to continue from where it is now.',
        );
      }
      return { state: body.state, revision: row.revision, updated_at: row.updatedAt.toISOString() };
    },
  };
}
