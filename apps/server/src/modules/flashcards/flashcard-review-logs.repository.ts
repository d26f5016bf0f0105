import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { STATE } from './flashcard-queue.repository.ts';
import type { Tx } from './flashcard-rows.ts';
import { flashcardReviewLogs } from './flashcards.table.ts';

/** Every rating given, for undo, idempotent retries and the daily limits. */
export function createFlashcardReviewLogsRepository({ db }: { db: Db }) {
  return {
    /** Ratings since `since`: of cards that were new, and of cards that were in review. */
    async ratedSince(userId: string, since: Date) {
      const [row] = await db
        .select({
          fresh: sql<number>`(count(*) filter (where ${flashcardReviewLogs.state} = ${STATE.new}))::int`,
          review: sql<number>`(count(*) filter (where ${flashcardReviewLogs.state} = ${STATE.review}))::int`,
        })
        .from(flashcardReviewLogs)
        .where(and(eq(flashcardReviewLogs.userId, userId), gte(flashcardReviewLogs.reviewedAt, since)));
      return row ?? { fresh: 0, review: 0 };
    },
    async findLogByKey(executor: Db | Tx, userId: string, key: string) {
      const [row] = await executor
        .select()
        .from(flashcardReviewLogs)
        .where(and(eq(flashcardReviewLogs.userId, userId), eq(flashcardReviewLogs.idempotencyKey, key)));
      return row;
    },
    async insertLog(tx: Tx, values: typeof flashcardReviewLogs.$inferInsert) {
      await tx.insert(flashcardReviewLogs).values(values);
    },
    async latestLog(executor: Db | Tx, userId: string) {
      const [row] = await executor
        .select()
        .from(flashcardReviewLogs)
        .where(eq(flashcardReviewLogs.userId, userId))
        .orderBy(desc(flashcardReviewLogs.reviewedAt), desc(flashcardReviewLogs.id))
        .limit(1);
      return row;
    },
    async deleteLog(tx: Tx, logId: string) {
      await tx.delete(flashcardReviewLogs).where(eq(flashcardReviewLogs.id, logId));
    },
  };
}
