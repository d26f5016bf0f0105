import { isDeepStrictEqual } from 'node:util';
import type { ScormCommitBody, ScormCommitResult } from '@portal/shared/scorm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.ts';
import { createKeptPerLearner } from '../../kept-per-learner.ts';
import { createWriteBatches } from '../../write-batches.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import type { ScormRepository } from './scorm.repository.ts';
import type { ScormActor } from './scorm.service.ts';
import { COMMITS_PER_STATEMENT, type CommitAtOnce, commitShape } from './scorm-attempts.repository.ts';
import { attemptEnds } from './scorm-attempts.ts';
import { commitOrder, staleCommitAnswer, takenOverAnswer, withStoredParts } from './scorm-commit-order.ts';
import type { createCommitRollUp } from './scorm-commit-rollup.ts';
import {
  buildLaunchCmi,
  completeUnreportedFinish,
  runtimeFamilyOf,
  summarizeCmi,
  validateCommittedCmi,
} from './scorm-runtime.ts';

const attemptNotFound = (detail?: string) =>
  new AppError('not_found', detail ? `Attempt not found ${detail}.` : 'Attempt not found.');

type Found = NonNullable<Awaited<ReturnType<ScormRepository['findOwnAttemptForCommit']>>>;
type Family = ReturnType<typeof runtimeFamilyOf>;
type Tx = Parameters<Parameters<ScormRepository['transaction']>[0]>[0];

/** The stored copy leaves out the navigation request, which belongs to the moment it was made. */
function storableCmi(cmi: Record<string, unknown>): Record<string, unknown> {
  const { adl: _adl, ...rest } = cmi;
  return rest;
}

/** Checks committed values against what the runtime accepts from this launch. */
function validate(
  actor: ScormActor,
  { attempt, sco }: Found,
  family: Family,
  stored: Record<string, unknown> | null,
  committed: Record<string, unknown>,
) {
  const launchCmi = buildLaunchCmi({
    family,
    learner: actor,
    settings: sco.settings,
    stored,
    entry: stored ? 'resume' : 'ab-initio',
    totalSeconds: attempt.sessionBaseSeconds,
    mode: 'normal',
  });
  return validateCommittedCmi({ family, launchCmi, committed });
}

/**
 * Whether a commit leaves alone all the roll-up reads of its attempt (see `leafResult` and `rollUpEnrollment`) and the
 * interactions and objectives stored as rows: the usual commit of a learner moving on (a new location, suspend data,
 * session time). Such a commit cannot complete or pass anything, so it needs no roll-up. The first commit of an
 * attempt makes it the one that counts, and a commit that ends the attempt changes what rolls up: neither is quiet.
 */
function isQuiet(
  attempt: Found['attempt'],
  stored: Record<string, unknown> | null,
  cmi: Record<string, unknown>,
  summary: ReturnType<typeof summarizeCmi>,
  ended: boolean,
): stored is Record<string, unknown> {
  if (ended || !stored || attempt.commitCount === 0 || attempt.endedAt) return false;
  const same = (key: string) => isDeepStrictEqual(stored[key], cmi[key]);
  return (
    summary.completionStatus === attempt.completionStatus &&
    summary.successStatus === attempt.successStatus &&
    summary.scoreScaled === attempt.scoreScaled &&
    summary.exit === attempt.exit &&
    same('progress_measure') &&
    same('objectives') &&
    same('interactions')
  );
}

/** Time the content reports counts as learning time, but never more than really passed since the last commit. */
function earnedSeconds(before: Found['attempt'], summary: ReturnType<typeof summarizeCmi>) {
  const reported = before.sessionBaseSeconds + summary.sessionSeconds - before.totalTimeSeconds;
  const elapsed = (Date.now() - before.updatedAt.getTime()) / 1000 + 5;
  return Math.min(reported, elapsed);
}

/** The attempt's columns a commit sets. */
const attemptChanges = (
  before: Found['attempt'],
  body: ScormCommitBody,
  summary: ReturnType<typeof summarizeCmi>,
  ended: boolean,
) => ({
  commitCount: body.sequence,
  commitLaunch: body.launch ?? 0,
  completionStatus: summary.completionStatus,
  successStatus: summary.successStatus,
  scoreRaw: summary.scoreRaw,
  scoreScaled: summary.scoreScaled,
  location: summary.location,
  exit: summary.exit,
  totalTimeSeconds: before.sessionBaseSeconds + summary.sessionSeconds,
  ...(ended ? { endedAt: new Date() } : {}),
});

type SaveDeps = {
  repository: ScormRepository;
  activity: Pick<ActivityService, 'addTime' | 'timeEndingNowForManySteps'>;
  rollUp: ReturnType<typeof createCommitRollUp>;
};

/**
 * Saves the commit under the attempt's lock. Answers the attempt as stored, with its new version; 'stale' when a newer
 * commit got there first; 'untouched' when the attempt is gone or has ended.
 */
async function save(
  { repository, activity, rollUp }: SaveDeps,
  tx: Tx,
  actor: ScormActor,
  { attempt, sco }: Found,
  body: ScormCommitBody,
  cmi: Record<string, unknown>,
  summary: ReturnType<typeof summarizeCmi>,
  ended: boolean,
): Promise<{ attempt: Found['attempt']; version: string } | 'stale' | 'taken_over' | 'untouched'> {
  const locked = await repository.lockOwnAttempt(tx, actor.id, attempt.id);
  if (!locked || locked.endedAt) return 'untouched';
  // The same order as before the lock, on the row as locked; a repeat found only now changes nothing either.
  const order = commitOrder({
    lastSequence: locked.commitCount,
    lastLaunch: locked.commitLaunch,
    storedCmi: null,
    sequence: body.sequence,
    launch: body.launch ?? 0,
    cmi,
  });
  if (order === 'taken_over') return 'taken_over';
  if (order !== 'next') return 'stale';
  const changes = attemptChanges(locked, body, summary, ended);
  const saved = await repository.saveAttempt(tx, attempt.id, changes, storableCmi(cmi), summary.interactions);
  await rollUp(tx, { enrollmentId: attempt.enrollmentId, learnerId: actor.id, scoId: sco.id });
  await activity.addTime(
    { userId: actor.id, endedAt: new Date(), seconds: earnedSeconds(locked, summary), source: 'scorm' },
    tx,
  );
  if (!saved) return 'untouched';
  return { attempt: { ...locked, ...changes, updatedAt: saved.updatedAt }, version: saved.version };
}

/**
 * How long an attempt read for a commit is kept for the learner's next one. Kept attempts only ever short-cut a commit
 * the database confirms by version; this bounds how long a change to the package's settings waits for a fresh read.
 */
const KEPT_ATTEMPT_MS = 60_000;
/** Learners whose attempt is kept at most: an attempt's stored data can reach 64 KB of suspend data. */
const KEPT_PLAYERS = 1_000;

type KeptAttempts = ReturnType<typeof createKeptPerLearner<Found>>;
type CommitsAtOnce = ReturnType<typeof createQuietCommitBatches>;
type CommitDeps = SaveDeps & { domainEvents: DomainEvents; logger: Pick<FastifyBaseLogger, 'warn' | 'error'> };

/** A commit decided to be stored: what it stores and the attempt's columns it sets. */
type CommitPlan = {
  family: Family;
  cmi: Record<string, unknown>;
  warnings: string[];
  summary: ReturnType<typeof summarizeCmi>;
  ended: boolean;
  changes: ReturnType<typeof attemptChanges>;
};

/** Quiet commits of many learners, saved together under load (see write-batches.ts). */
function createQuietCommitBatches({ repository, activity }: Pick<SaveDeps, 'repository' | 'activity'>) {
  return createWriteBatches({
    send: (commits: CommitAtOnce[]) =>
      repository.saveCommitsAtOnce(commits, (gained) => activity.timeEndingNowForManySteps('scorm', gained)),
    shapeOf: (commit) => commitShape(commit.changes),
    learnerOf: (commit) => commit.learnerId,
    perStatement: COMMITS_PER_STATEMENT,
  });
}

/**
 * Keeps the attempt as a commit saved it (its row and new version), for the learner's next commit: with the stored
 * cmi as it reads back from json.
 */
const keepSaved = (
  keptAttempts: KeptAttempts,
  learnerId: string,
  found: Found,
  saved: { attempt: Found['attempt']; version: string },
  cmi: Record<string, unknown>,
) =>
  keptAttempts.keep(learnerId, found.attempt.id, {
    ...found,
    attempt: saved.attempt,
    version: saved.version,
    stored: JSON.parse(JSON.stringify(storableCmi(cmi))) as Record<string, unknown>,
  });

/**
 * Decides a commit against `found` without storing anything: an answer when it is settled here (see `commitAgainst`
 * for `fromKept`), else what to store.
 */
function planCommit(
  actor: ScormActor,
  found: Found,
  body: ScormCommitBody,
  fromKept: boolean,
): { answer: ScormCommitResult | undefined } | CommitPlan {
  const { attempt, sco, pkg, stored } = found;
  const family = runtimeFamilyOf(pkg.version ?? '1.2');
  if (body.sco_id !== sco.id) {
    if (fromKept) return { answer: undefined };
    throw attemptNotFound('for this SCO');
  }
  const committed = withStoredParts(body.cmi, stored, body.unchanged);
  const cmi = completeUnreportedFinish(family, committed, Boolean(body.terminate));
  // A late or repeated commit changes nothing: a retry gets the answer the stored one got, an older one is stale.
  const order = commitOrder({
    lastSequence: attempt.commitCount,
    lastLaunch: attempt.commitLaunch,
    storedCmi: stored,
    sequence: body.sequence,
    launch: body.launch ?? 0,
    cmi: storableCmi(cmi),
  });
  if (fromKept && (order !== 'next' || attempt.endedAt)) return { answer: undefined };
  if (order === 'repeat') return { answer: { result: true, errorCode: 0, repeated: true } };
  if (order === 'stale') return { answer: staleCommitAnswer(family) };
  if (order === 'taken_over') return { answer: takenOverAnswer(family) };
  if (attempt.endedAt) {
    const errorCode = family === '1.2' ? 101 : 143;
    return { answer: { result: false, errorCode, message: 'This attempt has already ended.' } };
  }
  const validation = validate(actor, found, family, stored, committed);
  if (!validation.ok) {
    if (fromKept) return { answer: undefined };
    return { answer: { result: false, errorCode: validation.errorCode, message: validation.message } };
  }
  const summary = summarizeCmi({ family, cmi, settings: sco.settings });
  const ended = Boolean(body.terminate) && attemptEnds(family, summary);
  const changes = attemptChanges(attempt, body, summary, ended);
  return { family, cmi, warnings: validation.warnings, summary, ended, changes };
}

/** The quiet commit as one of many saved together: whose attempt, the version read and what it stores. */
const quietCommit = (actor: ScormActor, { attempt, version }: Found, plan: CommitPlan): CommitAtOnce => ({
  learnerId: actor.id,
  attemptId: attempt.id,
  version,
  changes: plan.changes,
  cmi: storableCmi(plan.cmi),
  seconds: earnedSeconds(attempt, plan.summary),
});

/**
 * Deciding and storing one commit against an attempt as read (kept or fresh), quietly together with other learners'
 * commits or under the attempt's lock.
 */
function createCommitAgainst(deps: CommitDeps & { keptAttempts: KeptAttempts; commitsAtOnce: CommitsAtOnce }) {
  const { repository, domainEvents, logger, keptAttempts, commitsAtOnce } = deps;
  /**
   * Decides and stores the commit against `found`. With `fromKept`, only a commit stored at once against the kept
   * version is answered; anything else (a refusal, an out-of-order commit, one that needs the roll-up, an attempt
   * changed elsewhere) answers undefined, to be decided again on a fresh read.
   */
  return async function commitAgainst(
    actor: ScormActor,
    found: Found,
    body: ScormCommitBody,
    fromKept: boolean,
  ): Promise<ScormCommitResult | undefined> {
    const plan = planCommit(actor, found, body, fromKept);
    if ('answer' in plan) return plan.answer;
    const { attempt } = found;
    const { family, cmi, summary, ended, changes, warnings } = plan;
    const savedAtOnce =
      isQuiet(attempt, found.stored, cmi, summary, ended) &&
      (await commitsAtOnce.save(quietCommit(actor, found, plan)));
    if (savedAtOnce) {
      const saved = { ...attempt, ...changes, updatedAt: savedAtOnce.updatedAt };
      keepSaved(keptAttempts, actor.id, found, { attempt: saved, version: savedAtOnce.version }, cmi);
    } else {
      if (fromKept) return undefined;
      keptAttempts.drop(actor.id);
      // Anything else, or an attempt changed since it was read, takes the attempt's lock and rolls up.
      const saved = await repository.transaction((tx) => save(deps, tx, actor, found, body, cmi, summary, ended));
      if (saved === 'stale') return staleCommitAnswer(family);
      if (saved === 'taken_over') return takenOverAnswer(family);
      // A course answering a question commits this way; its next page need not read the attempt again.
      if (saved !== 'untouched') keepSaved(keptAttempts, actor.id, found, saved, cmi);
      void domainEvents.flush();
    }
    if (warnings.length > 0) logger.warn({ attemptId: attempt.id, warnings }, 'SCORM commit');
    return { result: true, errorCode: 0, ...(warnings.length ? { warnings } : {}) };
  };
}

/** Storing commits of a learner's own attempt, in order, with roll-up and learning time in the same transaction. */
export function createScormCommits(deps: CommitDeps) {
  const { repository, logger } = deps;
  // Each learner's attempt as read for their last commit, with what that commit stored: a course pages on with a
  // commit every few seconds, and each read the attempt, its SCO, package and stored data again.
  const keptAttempts = createKeptPerLearner<Found>({ ttlMs: KEPT_ATTEMPT_MS, maxEntries: KEPT_PLAYERS });
  const commitsAtOnce = createQuietCommitBatches(deps);
  const commitAgainst = createCommitAgainst({ ...deps, keptAttempts, commitsAtOnce });

  return {
    /**
     * Stores a commit of the learner's own attempt. Values the runtime would refuse are answered with its SCORM
     * error code and change nothing; a terminating commit without `suspend` ends the attempt.
     */
    async commit(actor: ScormActor, attemptId: string, body: ScormCommitBody): Promise<ScormCommitResult> {
      if (body.api_errors?.length) {
        logger.warn({ attemptId, scoId: body.sco_id, apiErrors: body.api_errors }, 'SCORM API calls refused');
      }
      const kept = keptAttempts.get(actor.id, attemptId);
      const atOnce = kept && (await commitAgainst(actor, kept, body, true));
      if (atOnce) return atOnce;
      const found = await repository.findOwnAttemptForCommit(actor.id, attemptId);
      if (!found) throw attemptNotFound();
      keptAttempts.keep(actor.id, attemptId, found);
      return (await commitAgainst(actor, found, body, false)) as ScormCommitResult;
    },
  };
}
