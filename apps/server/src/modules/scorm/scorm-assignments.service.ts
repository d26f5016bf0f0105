import type { CreateScormEnrollmentsBody, ScormAnalytics } from '@portal/shared/scorm';
import { AppError } from '../../errors.ts';
import type { ScormRepository } from './scorm.repository.ts';
import type { ScormActor } from './scorm.service.ts';
import { packageAnalytics } from './scorm-package-analytics.ts';
import { enrollmentStatus } from './scorm-progress.ts';
import type { ManageablePackage } from './scorm-studio.service.ts';

/** Learners an author assigns a package to, how each is doing, and the package's analytics. */
export function createScormAssignments({
  repository,
  manageablePackage,
}: {
  repository: ScormRepository;
  manageablePackage: ManageablePackage;
}) {
  return {
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
      return packageAnalytics(repository, packageId);
    },
  };
}
