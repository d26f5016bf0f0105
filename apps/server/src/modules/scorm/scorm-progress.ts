import type { ScormEnrollmentStatus } from '@portal/shared/scorm';
import type { ScormAttemptRow, ScormScoRow } from './scorm.repository.ts';
import type { CountedSco } from './scorm-attempts.ts';

export type ProgressAttempt = Pick<
  ScormAttemptRow,
  'scoId' | 'completionStatus' | 'successStatus' | 'scoreScaled' | 'commitCount' | 'number'
>;

/** Best outcome per SCO over all attempts: completed or passed once counts for good. */
export function scoProgress(scos: Array<Pick<ScormScoRow, 'id'>>, attempts: ProgressAttempt[]) {
  return scos.map((sco) => {
    const own = attempts.filter((attempt) => attempt.scoId === sco.id);
    const completed = own.some((attempt) => attempt.completionStatus === 'completed');
    const passed = own.some((attempt) => attempt.successStatus === 'passed');
    const latest = own.reduce<ProgressAttempt | null>(
      (last, attempt) => (!last || attempt.number > last.number ? attempt : last),
      null,
    );
    const scores = own.map((attempt) => attempt.scoreScaled).filter((score): score is number => score !== null);
    return {
      sco_id: sco.id,
      completion_status: completed ? 'completed' : (latest?.completionStatus ?? 'not attempted'),
      success_status: passed ? 'passed' : (latest?.successStatus ?? 'unknown'),
      score_scaled: scores.length > 0 ? Math.max(...scores) : null,
      attempts: own.length,
    };
  });
}

/**
 * A package is completed when every SCO counting toward completion is (assets count once opened), and passed when
 * those counting toward satisfaction are completed or passed throughout, one passed and none is left failed.
 */
export function rollUpEnrollment(
  scos: CountedSco[],
  attempts: ProgressAttempt[],
): { completed: boolean; passed: boolean; score: number | null } {
  const tracked = scos.some((sco) => sco.scormType === 'sco') ? scos.filter((sco) => sco.scormType === 'sco') : scos;
  const assets = new Set(scos.filter((sco) => sco.scormType === 'asset').map((sco) => sco.id));
  const progress = scoProgress(tracked, attempts);
  const done = (entry: (typeof progress)[number]) =>
    entry.completion_status === 'completed' || (assets.has(entry.sco_id) && entry.attempts > 0);
  // A manifest that lets no SCO count would never finish; then every SCO counts.
  const countingToward = (key: 'forCompletion' | 'forSatisfaction') => {
    const ids = new Set(tracked.filter((sco) => sco[key]).map((sco) => sco.id));
    const counted = progress.filter((entry) => ids.has(entry.sco_id));
    return counted.length > 0 ? counted : progress;
  };
  const forCompletion = countingToward('forCompletion');
  const forSatisfaction = countingToward('forSatisfaction');
  const completed = forCompletion.length > 0 && forCompletion.every(done);
  const passed =
    forSatisfaction.length > 0 &&
    forSatisfaction.every((entry) => done(entry) || entry.success_status === 'passed') &&
    forSatisfaction.some((entry) => entry.success_status === 'passed') &&
    !forSatisfaction.some((entry) => entry.success_status === 'failed');
  const scores = progress.map((entry) => entry.score_scaled).filter((score): score is number => score !== null);
  const score = scores.length > 0 ? Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 1000) / 10 : null;
  return { completed, passed, score };
}

/** The state an enrolment shows its learner and managers. */
export function enrollmentStatus(
  enrollment: { completedAt: Date | null; passedAt: Date | null },
  attempts: ProgressAttempt[],
): ScormEnrollmentStatus {
  if (enrollment.passedAt) return 'passed';
  if (attempts.some((attempt) => attempt.successStatus === 'failed') && !enrollment.completedAt) return 'failed';
  if (enrollment.completedAt) return 'completed';
  return attempts.some((attempt) => attempt.commitCount > 0) ? 'in_progress' : 'not_started';
}
