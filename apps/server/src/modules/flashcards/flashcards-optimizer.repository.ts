import { DEFAULT_FLASHCARD_SETTINGS } from '@portal/shared/flashcards';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { flashcardReviewLogs, flashcardSettings } from './flashcards.table.ts';
import { flashcardOptimizerRuns, type OptimizerMetrics } from './flashcards-optimizer.table.ts';
import type { LoggedReview } from './flashcards-optimizer.ts';

export type OptimizerRunRow = typeof flashcardOptimizerRuns.$inferSelect;

type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** Schedules with these weights from now on (null: the defaults); other settings stay as they are. */
const upsertWeights = (executor: Executor, userId: string, weights: number[] | null, now: Date) =>
  executor
    .insert(flashcardSettings)
    .values({
      userId,
      desiredRetention: DEFAULT_FLASHCARD_SETTINGS.desired_retention,
      newPerDay: DEFAULT_FLASHCARD_SETTINGS.new_per_day,
      reviewsPerDay: DEFAULT_FLASHCARD_SETTINGS.reviews_per_day,
      weights,
    })
    .onConflictDoUpdate({ target: flashcardSettings.userId, set: { weights, updatedAt: now } });

/** The learner's review log, and the weights fitted to it. */
function createOptimizerReviews({ db }: { db: Db }) {
  return {
    async countReviews(userId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(flashcardReviewLogs)
        .where(eq(flashcardReviewLogs.userId, userId));
      return row?.count ?? 0;
    },

    /**
     * The whole log per card, cards in the order they were first reviewed and each card's ratings oldest first, each
     * with the learner's local day number it fell on.
     */
    async loggedReviews(userId: string, timeZone: string): Promise<LoggedReview[]> {
      const rows = await db
        .select({
          cardId: flashcardReviewLogs.cardId,
          rating: flashcardReviewLogs.rating,
          day: sql<number>`((${flashcardReviewLogs.reviewedAt} at time zone ${timeZone})::date - date '2000-01-01')::int`,
          wasNew: sql<boolean>`${flashcardReviewLogs.state} = 0`,
        })
        .from(flashcardReviewLogs)
        .where(eq(flashcardReviewLogs.userId, userId))
        .orderBy(
          sql`min(${flashcardReviewLogs.reviewedAt}) over (partition by ${flashcardReviewLogs.cardId})`,
          flashcardReviewLogs.cardId,
          flashcardReviewLogs.reviewedAt,
          flashcardReviewLogs.id,
        );
      return rows;
    },

    async findWeights(userId: string): Promise<number[] | null> {
      const [row] = await db
        .select({ weights: flashcardSettings.weights })
        .from(flashcardSettings)
        .where(eq(flashcardSettings.userId, userId));
      return row?.weights ?? null;
    },
    async saveWeights(userId: string, weights: number[] | null) {
      await upsertWeights(db, userId, weights, new Date());
    },
  };
}

/** The learner's optimization run: one row, started once at a time. */
function createOptimizerRuns({ db }: { db: Db }) {
  return {
    async findRun(userId: string): Promise<OptimizerRunRow | undefined> {
      const [row] = await db.select().from(flashcardOptimizerRuns).where(eq(flashcardOptimizerRuns.userId, userId));
      return row;
    },
    /**
     * Marks a run as started, unless one started after `staleBefore` is still running (then answers false): two
     * clicks, or two instances, start one run.
     */
    async startRun(userId: string, reviewCount: number, now: Date, staleBefore: Date): Promise<boolean> {
      const values = { status: 'running' as const, reviewCount, error: null, startedAt: now, finishedAt: null };
      const rows = await db
        .insert(flashcardOptimizerRuns)
        .values({ userId, ...values })
        .onConflictDoUpdate({
          target: flashcardOptimizerRuns.userId,
          set: values,
          setWhere: or(
            sql`${flashcardOptimizerRuns.status} <> 'running'`,
            lt(flashcardOptimizerRuns.startedAt, staleBefore),
          ),
        })
        .returning({ userId: flashcardOptimizerRuns.userId });
      return rows.length > 0;
    },
    /** Stores what the run found and schedules with its weights, in one transaction. */
    async finishRun(userId: string, startedAt: Date, weights: number[], metrics: OptimizerMetrics, now: Date) {
      await db.transaction(async (tx) => {
        const updated = await tx
          .update(flashcardOptimizerRuns)
          .set({ status: 'optimized', metrics, finishedAt: now })
          .where(and(eq(flashcardOptimizerRuns.userId, userId), eq(flashcardOptimizerRuns.startedAt, startedAt)))
          .returning({ userId: flashcardOptimizerRuns.userId });
        if (updated.length === 0) return;
        await upsertWeights(tx, userId, weights, now);
      });
    },
    async failRun(userId: string, startedAt: Date, error: string, now: Date) {
      await db
        .update(flashcardOptimizerRuns)
        .set({ status: 'failed', error, finishedAt: now })
        .where(and(eq(flashcardOptimizerRuns.userId, userId), eq(flashcardOptimizerRuns.startedAt, startedAt)));
    },
  };
}
/** Every read and write is scoped by the learner's id. */
export function createFlashcardsOptimizerRepository(deps: { db: Db }) {
  return { ...createOptimizerReviews(deps), ...createOptimizerRuns(deps) };
}
export type FlashcardsOptimizerRepository = ReturnType<typeof createFlashcardsOptimizerRepository>;
