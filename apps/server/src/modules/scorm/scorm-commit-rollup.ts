import type { Db } from '../../db/client.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import type { ScormRepository } from './scorm.repository.ts';
import { rollupScos } from './scorm-attempts.ts';
import { rollUpSequencedEnrollment } from './scorm-enrollment-rollup.ts';
import { rollUpEnrollment } from './scorm-progress.ts';

/** Sums an enrolment up after a commit, in the commit's transaction. */
export function createCommitRollUp({
  repository,
  domainEvents,
}: {
  repository: ScormRepository;
  domainEvents: DomainEvents;
}) {
  /** Sums the enrolment up after a commit and records completion and pass once each, in the commit's transaction. */
  return async function rollUp(
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
  };
}
