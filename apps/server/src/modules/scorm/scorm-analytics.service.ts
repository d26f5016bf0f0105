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

type InteractionStat = Awaited<ReturnType<ScormAnalyticsRepository['interactionStats']>>[number];
type ResponseCount = Awaited<ReturnType<ScormAnalyticsRepository['responseCounts']>>[number];
type ObjectiveStat = Awaited<ReturnType<ScormAnalyticsRepository['objectiveStats']>>[number];
type OwnAttemptRow = Awaited<ReturnType<ScormAnalyticsRepository['listOwnAttempts']>>[number];

const INTERACTION_CSV_HEADER = [
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

const OBJECTIVE_CSV_HEADER = [
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

/** The listed answers to each interaction, by SCO and interaction id. */
function responsesByInteraction(counts: ResponseCount[]) {
  const answers = new Map<string, ResponseCount[]>();
  for (const row of counts) {
    const key = `${row.scoId}\n${row.interactionId}`;
    answers.set(key, [...(answers.get(key) ?? []), row]);
  }
  return answers;
}

function interactionReport(row: InteractionStat, listed: ResponseCount[]): ScormInteractionReport {
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
}

async function readInteractions(repository: ScormAnalyticsRepository, packageId: string) {
  const [stats, counts] = await Promise.all([
    repository.interactionStats(packageId),
    repository.responseCounts(packageId, SCORM_RESPONSE_DISTRIBUTION_LIMIT),
  ]);
  const answers = responsesByInteraction(counts);
  return stats.map((row) => interactionReport(row, answers.get(`${row.scoId}\n${row.interactionId}`) ?? []));
}

const objectiveReport = (row: ObjectiveStat): ScormObjectiveReport => ({
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
});

async function readObjectives(repository: ScormAnalyticsRepository, packageId: string) {
  return (await repository.objectiveStats(packageId)).map(objectiveReport);
}

const interactionCsvRow = (row: ScormInteractionReport) => [
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
];

const objectiveCsvRow = (row: ScormObjectiveReport) => [
  row.sco_title,
  row.objective_id,
  row.description,
  row.learners,
  row.attempts,
  row.completed,
  row.passed,
  row.failed,
  row.average_score,
];

const ownAttempt = ({ attempt, scoTitle }: OwnAttemptRow) => ({
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
});

/** Every attempt of the signed-in learner's own enrolment; anyone else's enrolment is not found. */
async function ownAttempts(
  repository: ScormAnalyticsRepository,
  actor: ScormActor,
  enrollmentId: string,
): Promise<ScormOwnAttemptList> {
  const enrollment = await repository.findOwnEnrollment(actor.id, enrollmentId);
  if (!enrollment) throw new AppError('not_found', 'Enrolment not found.');
  const rows = await repository.listOwnAttempts(actor.id, enrollmentId);
  return { package_title: enrollment.packageTitle, attempts: rows.map(ownAttempt) };
}

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

  return {
    async interactionReport(actor: ScormActor, packageId: string) {
      await manageablePackage(actor, packageId);
      return { interactions: await readInteractions(repository, packageId) };
    },

    async objectiveReport(actor: ScormActor, packageId: string) {
      await manageablePackage(actor, packageId);
      return { objectives: await readObjectives(repository, packageId) };
    },

    async interactionCsv(actor: ScormActor, packageId: string): Promise<CsvExport> {
      const pkg = await manageablePackage(actor, packageId);
      const rows = (await readInteractions(repository, packageId)).map(interactionCsvRow);
      return { disposition: csvAttachment(pkg.title, 'interactions'), csv: toCsv(INTERACTION_CSV_HEADER, rows) };
    },

    async objectiveCsv(actor: ScormActor, packageId: string): Promise<CsvExport> {
      const pkg = await manageablePackage(actor, packageId);
      const rows = (await readObjectives(repository, packageId)).map(objectiveCsvRow);
      return { disposition: csvAttachment(pkg.title, 'objectives'), csv: toCsv(OBJECTIVE_CSV_HEADER, rows) };
    },

    /** Every attempt of the signed-in learner's own enrolment; anyone else's enrolment is not found. */
    ownAttempts: (actor: ScormActor, enrollmentId: string) => ownAttempts(repository, actor, enrollmentId),
  };
}
export type ScormAnalyticsService = ReturnType<typeof createScormAnalyticsService>;
