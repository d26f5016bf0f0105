import type { ScormAnalytics } from '@portal/shared/scorm';
import type { ScormRepository } from './scorm.repository.ts';
import { summarizeAttempts } from './scorm-attempts.ts';
import { enrollmentStatus } from './scorm-progress.ts';

/** How learners did in one package: enrolments, attempts, best scores, time and each interaction's answers. */
export async function packageAnalytics(repository: ScormRepository, packageId: string): Promise<ScormAnalytics> {
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
}
