import {
  SCORM_RESPONSE_DISTRIBUTION_LIMIT,
  type ScormInteractionReport,
  type ScormObjectiveReport,
  type ScormOwnAttemptList,
  type ScormResponseShare,
} from '@portal/shared/scorm-analytics';
import { csvAttachment, toCsv } from '../../csv.ts';
import { AppError } from '../../errors.ts';
import type { ScormRepository } from './scorm.repository.ts';
import type { ScormActor, ScormService } from './scorm.service.ts';
import type { ScormAnalyticsRepository } from './scorm-analytics.repository.ts';

/** A 0-1 fraction as a percentage with one decimal. */
const percent = (fraction: number | null) => (fraction === null ? null : Math.round(fraction * 1000) / 10);
/** Seconds with two decimals, as SCORM times are kept. */
const seconds = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

/** A CSV file and the Content-Disposition header it is sent with. */
export type CsvExport = { disposition: string; csv: string };

/**
 * Item analysis of a package for the people who manage it (the rule of the package's own analytics): per interaction
 * and per objective, each aggregated in the database, and the same figures as CSV. Learners read their own attempts.
 */
export function createScormAnalyticsService({
  repository,
  scormRepository,
  canManage,
}: {
  repository: ScormAnalyticsRepository;
  scormRepository: Pick<ScormRepository, 'findPackage'>;
  canManage: ScormService['canManage'];
}) {
  async function manageablePackage(actor: ScormActor, packageId: string) {
    const pkg = await scormRepository.findPackage(packageId);
    if (!pkg || !canManage(actor, pkg)) throw new AppError('not_found', 'SCORM package not found.');
    return pkg;
  }

  async function interactions(packageId: string): Promise<ScormInteractionReport[]> {
    const [stats, counts] = await Promise.all([
      repository.interactionStats(packageId),
      repository.responseCounts(packageId, SCORM_RESPONSE_DISTRIBUTION_LIMIT),
    ]);
    const answers = new Map<string, Array<(typeof counts)[number]>>();
    for (const row of counts) {
      const key = `${row.scoId}\n${row.interactionId}`;
      answers.set(key, [...(answers.get(key) ?? []), row]);
    }
    return stats.map((row) => {
      const listed = answers.get(`${row.scoId}\n${row.interactionId}`) ?? [];
      const distribution: ScormResponseShare[] = listed.map((answer) => ({
        response: answer.response,
        count: answer.count,
        share: percent(answer.count / row.responses) ?? 0,
        outcome: answer.outcome,
      }));
      return {
        sco_id: row.scoId,
        sco_title: row.scoTitle,
        interaction_id: row.interactionId,
        description: row.description,
        type: row.type,
        correct_responses: row.correctResponses,
        responses: row.responses,
        learners: row.learners,
        correct: row.correct,
        incorrect: row.incorrect,
        correct_rate: row.responses === 0 ? null : percent(row.correct / row.responses),
        average_latency_seconds: seconds(row.averageLatency),
        median_latency_seconds: seconds(row.medianLatency),
        distribution,
        other_responses: row.responses - distribution.reduce((sum, answer) => sum + answer.count, 0),
      };
    });
  }

  async function objectives(packageId: string): Promise<ScormObjectiveReport[]> {
    const rows = await repository.objectiveStats(packageId);
    return rows.map((row) => ({
      sco_id: row.scoId,
      sco_title: row.scoTitle,
      objective_id: row.objectiveId,
      description: row.description,
      learners: row.learners,
      attempts: row.attempts,
      completed: row.completed,
      passed: row.passed,
      failed: row.failed,
      average_score: percent(row.averageScaled),
    }));
  }

  return {
    async interactionReport(actor: ScormActor, packageId: string) {
      await manageablePackage(actor, packageId);
      return { interactions: await interactions(packageId) };
    },

    async objectiveReport(actor: ScormActor, packageId: string) {
      await manageablePackage(actor, packageId);
      return { objectives: await objectives(packageId) };
    },

    async interactionCsv(actor: ScormActor, packageId: string): Promise<CsvExport> {
      const pkg = await manageablePackage(actor, packageId);
      const rows = (await interactions(packageId)).map((row) => [
        row.sco_title,
        row.interaction_id,
        row.description,
        row.type,
        row.correct_responses.join(' | '),
        row.responses,
        row.learners,
        row.correct,
        row.incorrect,
        row.correct_rate,
        row.average_latency_seconds,
        row.median_latency_seconds,
        [
          ...row.distribution.map((answer) => `${answer.response} (${answer.outcome}): ${answer.count}`),
          ...(row.other_responses > 0 ? [`(other answers): ${row.other_responses}`] : []),
        ].join('\n'),
      ]);
      const header = [
        'SCO',
        'Interaction ID',
        'Question',
        'Type',
        'Correct responses',
        'Responses',
        'Learners',
        'Correct',
        'Incorrect',
        'Correct rate (%)',
        'Average latency (s)',
        'Median latency (s)',
        'Learner responses',
      ];
      return { disposition: csvAttachment(pkg.title, 'interactions'), csv: toCsv(header, rows) };
    },

    async objectiveCsv(actor: ScormActor, packageId: string): Promise<CsvExport> {
      const pkg = await manageablePackage(actor, packageId);
      const rows = (await objectives(packageId)).map((row) => [
        row.sco_title,
        row.objective_id,
        row.description,
        row.learners,
        row.attempts,
        row.completed,
        row.passed,
        row.failed,
        row.average_score,
      ]);
      const header = [
        'SCO',
        'Objective ID',
        'Description',
        'Learners',
        'Attempts',
        'Completed',
        'Passed',
        'Failed',
        'Average score (%)',
      ];
      return { disposition: csvAttachment(pkg.title, 'objectives'), csv: toCsv(header, rows) };
    },

    /** Every attempt of the signed-in learner's own enrolment; anyone else's enrolment is not found. */
    async ownAttempts(actor: ScormActor, enrollmentId: string): Promise<ScormOwnAttemptList> {
      const enrollment = await repository.findOwnEnrollment(actor.id, enrollmentId);
      if (!enrollment) throw new AppError('not_found', 'Enrolment not found.');
      const rows = await repository.listOwnAttempts(actor.id, enrollmentId);
      return {
        package_title: enrollment.packageTitle,
        attempts: rows.map(({ attempt, scoTitle }) => ({
          id: attempt.id,
          sco_id: attempt.scoId,
          sco_title: scoTitle,
          number: attempt.number,
          started_at: attempt.startedAt.toISOString(),
          ended_at: attempt.endedAt?.toISOString() ?? null,
          completion_status: attempt.completionStatus,
          success_status: attempt.successStatus,
          score: percent(attempt.scoreScaled),
          time_seconds: Math.round(attempt.totalTimeSeconds),
        })),
      };
    },
  };
}
export type ScormAnalyticsService = ReturnType<typeof createScormAnalyticsService>;
