import { OPTIMIZER_MIN_REVIEWS, type OptimizerStatus } from '@portal/shared/flashcards-stats';
import { safeZone } from '@portal/shared/time-zone';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.ts';
import type { FlashcardsOptimizerRepository, OptimizerRunRow } from './flashcards-optimizer.repository.ts';
import { optimizeWeights } from './flashcards-optimizer.ts';

/** A run still marked running after this long died with its instance; a new one may start. */
const STALE_RUN_MS = 10 * 60 * 1000;

type OptimizerDeps = {
  repository: FlashcardsOptimizerRepository;
  timeZoneOf: (userId: string) => Promise<string>;
  logger?: Pick<FastifyBaseLogger, 'error'>;
  now: () => Date;
};

/** Runs in the background; the learner polls the status. Only this run's row is updated. */
async function runOptimization(
  { repository, timeZoneOf, logger, now }: OptimizerDeps,
  userId: string,
  startedAt: Date,
) {
  try {
    const reviews = await repository.loggedReviews(userId, safeZone(await timeZoneOf(userId)));
    const { weights, metrics } = await optimizeWeights(reviews);
    await repository.finishRun(userId, startedAt, weights, metrics, now());
  } catch (error) {
    logger?.error({ err: error, userId }, 'flashcard parameter optimization failed');
    const message = error instanceof Error ? error.message : 'The optimization failed.';
    await repository.failRun(userId, startedAt, message, now()).catch(() => undefined);
  }
}

/** What the learner sees of their latest run and the weights it fitted. */
function presentStatus({
  latest,
  weights,
  reviewCount,
  at,
}: {
  latest: OptimizerRunRow | undefined;
  weights: number[] | null;
  reviewCount: number;
  at: Date;
}): OptimizerStatus {
  const metrics = latest?.status === 'optimized' ? latest.metrics : null;
  // A run left running past the stale mark died with its instance: it counts as failed (and may be started again).
  const interrupted = latest?.status === 'running' && latest.startedAt.getTime() < at.getTime() - STALE_RUN_MS;
  const failed = latest?.status === 'failed' || interrupted;
  const state = failed ? 'failed' : latest?.status === 'running' ? 'running' : weights ? 'optimized' : 'default';
  return {
    state,
    review_count: reviewCount,
    min_reviews: OPTIMIZER_MIN_REVIEWS,
    actual_retention: metrics?.actualRetention ?? null,
    expected_retention: metrics ? metrics.expectedRetention : null,
    before: metrics ? { log_loss: metrics.before.logLoss, rmse: metrics.before.rmse } : null,
    after: metrics ? { log_loss: metrics.after.logLoss, rmse: metrics.after.rmse } : null,
    weights,
    optimized_at: weights && latest?.finishedAt ? latest.finishedAt.toISOString() : null,
    error: failed ? (latest?.error ?? 'The optimization was interrupted.') : null,
  };
}

async function readStatus({ repository, now }: OptimizerDeps, userId: string): Promise<OptimizerStatus> {
  // The run is read before the weights: a run finishing in between then reads as still running, never as a
  // finished run without its weights.
  const runThenWeights = async () => {
    const run = await repository.findRun(userId);
    return { run, weights: await repository.findWeights(userId) };
  };
  const [reviewCount, { run: latest, weights }] = await Promise.all([
    repository.countReviews(userId),
    runThenWeights(),
  ]);
  return presentStatus({ latest, weights, reviewCount, at: now() });
}

function refuseTooFewReviews(reviewCount: number) {
  if (reviewCount < OPTIMIZER_MIN_REVIEWS) {
    throw new AppError(
      'conflict',
      `Optimizing needs at least ${OPTIMIZER_MIN_REVIEWS} reviews; ${OPTIMIZER_MIN_REVIEWS - reviewCount} more to go.`,
      { reasons: [String(OPTIMIZER_MIN_REVIEWS), String(reviewCount)] },
    );
  }
}

export function createFlashcardsOptimizerService({
  now = () => new Date(),
  ...rest
}: {
  repository: FlashcardsOptimizerRepository;
  timeZoneOf: (userId: string) => Promise<string>;
  logger?: Pick<FastifyBaseLogger, 'error'>;
  now?: () => Date;
}) {
  const deps: OptimizerDeps = { ...rest, now };
  const { repository } = deps;
  /** Background runs of this process, so tests and shutdown can wait for them. */
  const running = new Set<Promise<void>>();
  const status = (userId: string) => readStatus(deps, userId);

  return {
    status,

    /** Starts fitting the learner's parameters (409 below the minimum number of reviews, or while a run is on). */
    async start(userId: string): Promise<OptimizerStatus> {
      const reviewCount = await repository.countReviews(userId);
      refuseTooFewReviews(reviewCount);
      const startedAt = now();
      const staleBefore = new Date(startedAt.getTime() - STALE_RUN_MS);
      const started = await repository.startRun(userId, reviewCount, startedAt, staleBefore);
      if (!started) throw new AppError('conflict', 'Your parameters are being optimized already.');
      const job = runOptimization(deps, userId, startedAt);
      running.add(job);
      void job.finally(() => running.delete(job));
      return status(userId);
    },

    /** Back to the FSRS defaults. */
    async reset(userId: string): Promise<OptimizerStatus> {
      await repository.saveWeights(userId, null);
      return status(userId);
    },

    /** Resolves once every run this process started has finished. */
    async settled(): Promise<void> {
      await Promise.all([...running]);
    },
  };
}
export type FlashcardsOptimizerService = ReturnType<typeof createFlashcardsOptimizerService>;
