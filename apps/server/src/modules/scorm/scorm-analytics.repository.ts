import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  scormAttempts,
  scormEnrollments,
  scormInteractions,
  scormObjectives,
  scormPackages,
  scormScos,
} from './scorm.table.ts';

/** SCORM 2004 latency (ISO 8601 duration) and SCORM 1.2 latency (CMITimespan); both cast to an interval. */
const ISO_DURATION =
  '^P(\\d+(\\.\\d+)?Y)?(\\d+(\\.\\d+)?M)?(\\d+(\\.\\d+)?W)?(\\d+(\\.\\d+)?D)?(T(\\d+(\\.\\d+)?H)?(\\d+(\\.\\d+)?M)?(\\d+(\\.\\d+)?S)?)?$';
const TIMESPAN = '^\\d{1,4}:\\d{1,2}:\\d{1,2}(\\.\\d{1,2})?$';

/** Latency in seconds; null when absent or malformed, so one bad value cannot fail the whole report. */
const latencySeconds = sql<number | null>`case
  when ${scormInteractions.latency} ~ ${ISO_DURATION} and ${scormInteractions.latency} <> 'P'
    and ${scormInteractions.latency} !~ 'T$'
    then extract(epoch from ${scormInteractions.latency}::interval)::float8
  when ${scormInteractions.latency} ~ ${TIMESPAN} then extract(epoch from ${scormInteractions.latency}::interval)::float8
end`;

/**
 * The content's own verdict (`correct`, `incorrect`, 1.2 `wrong`); without one, the response compared with the
 * correct pattern; `other` for neutral, unanticipated or numeric results.
 */
const outcome = sql<'correct' | 'incorrect' | 'other'>`case
  when ${scormInteractions.result} = 'correct' then 'correct'
  when ${scormInteractions.result} in ('incorrect', 'wrong') then 'incorrect'
  when ${scormInteractions.result} is null and ${scormInteractions.correctResponse} is not null
    and ${scormInteractions.learnerResponse} is not null
    then case when ${scormInteractions.learnerResponse} = ${scormInteractions.correctResponse}
      then 'correct' else 'incorrect' end
  else 'other'
end`;

/** Every interaction row of a package's attempts, with its attempt's SCO and learner and its judged outcome. */
const packageResponses = (db: Db, packageId: string) =>
  db
    .select({
      scoId: scormAttempts.scoId,
      learnerId: scormAttempts.learnerId,
      position: scormInteractions.position,
      interactionId: scormInteractions.interactionId,
      description: scormInteractions.description,
      type: scormInteractions.type,
      correctResponse: scormInteractions.correctResponse,
      response: sql<string>`coalesce(${scormInteractions.learnerResponse}, '')`.as('response'),
      outcome: outcome.as('outcome'),
      latencySeconds: latencySeconds.as('latency_seconds'),
    })
    .from(scormInteractions)
    .innerJoin(scormAttempts, eq(scormAttempts.id, scormInteractions.attemptId))
    .innerJoin(scormScos, eq(scormScos.id, scormAttempts.scoId))
    .where(eq(scormScos.packageId, packageId))
    .as('responses');

/** Per interaction of each SCO: what it asks, its correct patterns, how it was answered and how fast. */
async function interactionStats(db: Db, packageId: string) {
  const responses = packageResponses(db, packageId);
  return db
    .select({
      scoId: responses.scoId,
      scoTitle: scormScos.title,
      interactionId: responses.interactionId,
      description: sql<string | null>`max(${responses.description})`,
      type: sql<string | null>`max(${responses.type})`,
      correctResponses: sql<string[]>`coalesce(to_json(array_agg(distinct ${responses.correctResponse})
        filter (where ${responses.correctResponse} is not null)), '[]'::json)`,
      responses: sql<number>`count(*)::int`,
      learners: sql<number>`count(distinct ${responses.learnerId})::int`,
      correct: sql<number>`(count(*) filter (where ${responses.outcome} = 'correct'))::int`,
      incorrect: sql<number>`(count(*) filter (where ${responses.outcome} = 'incorrect'))::int`,
      averageLatency: sql<number | null>`avg(${responses.latencySeconds})::float8`,
      medianLatency: sql<
        number | null
      >`(percentile_cont(0.5) within group (order by ${responses.latencySeconds}))::float8`,
    })
    .from(responses)
    .innerJoin(scormScos, eq(scormScos.id, responses.scoId))
    .groupBy(responses.scoId, scormScos.title, scormScos.position, responses.interactionId)
    .orderBy(asc(scormScos.position), sql`min(${responses.position})`, asc(responses.interactionId));
}

/** The `limit` most frequent distinct answers to each interaction, with how often each was given. */
async function responseCounts(db: Db, packageId: string, limit: number) {
  const responses = packageResponses(db, packageId);
  const counted = db
    .select({
      scoId: responses.scoId,
      interactionId: responses.interactionId,
      response: responses.response,
      outcome: responses.outcome,
      count: sql<number>`count(*)::int`.as('count'),
      rank: sql<number>`row_number() over (
        partition by ${responses.scoId}, ${responses.interactionId}
        order by count(*) desc, ${responses.response}, ${responses.outcome})`.as('rank'),
    })
    .from(responses)
    .groupBy(responses.scoId, responses.interactionId, responses.response, responses.outcome)
    .as('counted');
  return db
    .select({
      scoId: counted.scoId,
      interactionId: counted.interactionId,
      response: counted.response,
      outcome: counted.outcome,
      count: counted.count,
    })
    .from(counted)
    .where(lte(counted.rank, limit))
    .orderBy(asc(counted.rank));
}

/** Per objective of each SCO: how many learners and attempts reported it, their statuses and mean score. */
async function objectiveStats(db: Db, packageId: string) {
  return db
    .select({
      scoId: scormAttempts.scoId,
      scoTitle: scormScos.title,
      objectiveId: scormObjectives.objectiveId,
      description: sql<string | null>`max(${scormObjectives.description})`,
      learners: sql<number>`count(distinct ${scormAttempts.learnerId})::int`,
      attempts: sql<number>`count(distinct ${scormAttempts.id})::int`,
      completed: sql<number>`(count(*) filter (where ${scormObjectives.completionStatus} = 'completed'))::int`,
      passed: sql<number>`(count(*) filter (where ${scormObjectives.successStatus} = 'passed'))::int`,
      failed: sql<number>`(count(*) filter (where ${scormObjectives.successStatus} = 'failed'))::int`,
      averageScaled: sql<number | null>`avg(${scormObjectives.scoreScaled})::float8`,
    })
    .from(scormObjectives)
    .innerJoin(scormAttempts, eq(scormAttempts.id, scormObjectives.attemptId))
    .innerJoin(scormScos, eq(scormScos.id, scormAttempts.scoId))
    .where(eq(scormScos.packageId, packageId))
    .groupBy(scormAttempts.scoId, scormScos.title, scormScos.position, scormObjectives.objectiveId)
    .orderBy(asc(scormScos.position), sql`min(${scormObjectives.position})`, asc(scormObjectives.objectiveId));
}

/** A learner's own enrolment and its attempts. */
function createOwnAttemptReads(db: Db) {
  return {
    /** The learner's own enrolment with its package's title; null for anyone else's. */
    async findOwnEnrollment(learnerId: string, enrollmentId: string) {
      const [row] = await db
        .select({ id: scormEnrollments.id, packageTitle: scormPackages.title })
        .from(scormEnrollments)
        .innerJoin(scormPackages, eq(scormPackages.id, scormEnrollments.packageId))
        .where(and(eq(scormEnrollments.id, enrollmentId), eq(scormEnrollments.learnerId, learnerId)));
      return row ?? null;
    },

    /** Every attempt of the learner's own enrolment on each SCO, oldest first. */
    async listOwnAttempts(learnerId: string, enrollmentId: string) {
      return db
        .select({ attempt: scormAttempts, scoTitle: scormScos.title })
        .from(scormAttempts)
        .innerJoin(scormScos, eq(scormScos.id, scormAttempts.scoId))
        .where(and(eq(scormAttempts.learnerId, learnerId), eq(scormAttempts.enrollmentId, enrollmentId)))
        .orderBy(asc(scormAttempts.startedAt), asc(scormScos.position), asc(scormAttempts.number));
    },
  };
}

export function createScormAnalyticsRepository({ db }: { db: Db }) {
  return {
    interactionStats: (packageId: string) => interactionStats(db, packageId),
    responseCounts: (packageId: string, limit: number) => responseCounts(db, packageId, limit),
    objectiveStats: (packageId: string) => objectiveStats(db, packageId),
    ...createOwnAttemptReads(db),
  };
}
export type ScormAnalyticsRepository = ReturnType<typeof createScormAnalyticsRepository>;
