import { AppError } from '../../errors.ts';
import type { ScormPackageRow, ScormRepository } from './scorm.repository.ts';
import type { ScormActor } from './scorm.service.ts';

export const notFound = () => new AppError('not_found', 'SCORM package not found.');
const enrollmentNotFound = () => new AppError('not_found', 'Enrolment not found.');

export type RuntimeAccessDeps = {
  repository: ScormRepository;
  canManage: (actor: ScormActor, pkg: Pick<ScormPackageRow, 'createdBy'>) => boolean;
  assertCourseAccess: (actor: ScormActor, packageId: string) => Promise<void>;
};

/** Who may open what in the player: managers and public packages preview, learners launch their own enrolments. */
export function createScormRuntimeAccess({ repository, canManage, assertCourseAccess }: RuntimeAccessDeps) {
  return {
    /** A ready package the actor manages, or a public one. */
    async openablePackage(actor: ScormActor, packageId: string) {
      const pkg = await repository.findPackage(packageId);
      if (pkg && pkg.status !== 'ready' && canManage(actor, pkg)) {
        // Its author is told why it does not open (still processing, or failed), not that it does not exist.
        throw new AppError('conflict', `This package is not ready to open (${pkg.status}).`, {
          reasons: ['package_not_ready', pkg.status],
        });
      }
      if (pkg?.status !== 'ready' || !(canManage(actor, pkg) || pkg.isPublic)) throw notFound();
      return pkg;
    },
    /** The actor's own enrolment and its package, which must be ready. */
    async ownReadyEnrollment(actor: ScormActor, enrollmentId: string) {
      const enrollment = await repository.findOwnEnrollment(actor.id, enrollmentId);
      if (!enrollment) throw enrollmentNotFound();
      const pkg = await repository.findPackage(enrollment.packageId);
      if (pkg?.status !== 'ready') throw enrollmentNotFound();
      return { enrollment, pkg };
    },
    /** A private package a learner reached through a course lesson launches only while that course is in their plan. */
    async assertMayLaunch(actor: ScormActor, enrollment: { assignedBy: string | null }, pkg: ScormPackageRow) {
      if (pkg.isPublic || canManage(actor, pkg) || enrollment.assignedBy !== actor.id) return;
      await assertCourseAccess(actor, pkg.id);
    },
  };
}
export type ScormRuntimeAccess = ReturnType<typeof createScormRuntimeAccess>;
