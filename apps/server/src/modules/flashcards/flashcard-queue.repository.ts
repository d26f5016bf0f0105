import { and, asc, eq, gte, inArray, isNull, lt, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { flashcardCards, flashcardDecks, flashcardNotes } from './flashcards.table.ts';

/** What the review queue may show now: not suspended, not buried, and in the deck when one is chosen. */
export type QueueWindow = {
  userId: string;
  deckId?: string;
  now: Date;
  /** Learning cards due before this are studied once nothing else is left. */
  learnAheadUntil: Date;
  endOfToday: Date;
  /** Course decks the learner may no longer study: their cards are kept but not shown. */
  hiddenDeckIds?: string[];
};

export const STATE = { new: 0, learning: 1, review: 2, relearning: 3 } as const;

const available = ({ userId, deckId, now, hiddenDeckIds }: QueueWindow): SQL => {
  const conditions: SQL[] = [
    eq(flashcardCards.userId, userId),
    eq(flashcardCards.suspended, false),
    or(isNull(flashcardCards.buriedUntil), lte(flashcardCards.buriedUntil, now)) as SQL,
  ];
  if (deckId) conditions.push(eq(flashcardCards.deckId, deckId));
  if (hiddenDeckIds?.length) conditions.push(notInArray(flashcardCards.deckId, hiddenDeckIds));
  return and(...conditions) as SQL;
};
export const learningDue = (window: QueueWindow) =>
  and(
    available(window),
    inArray(flashcardCards.state, [STATE.learning, STATE.relearning]),
    lte(flashcardCards.due, window.learnAheadUntil),
  ) as SQL;
export const reviewDue = (window: QueueWindow) =>
  and(available(window), eq(flashcardCards.state, STATE.review), lt(flashcardCards.due, window.endOfToday)) as SQL;
export const fresh = (window: QueueWindow) => and(available(window), eq(flashcardCards.state, STATE.new)) as SQL;

const queueColumns = {
  card: flashcardCards,
  deckName: flashcardDecks.name,
  front: flashcardNotes.front,
  back: flashcardNotes.back,
  tags: flashcardNotes.tags,
  sourceKind: flashcardNotes.sourceKind,
  lessonId: flashcardNotes.lessonId,
  sourceCourseId: flashcardNotes.sourceCourseId,
};
const queueSelect = (db: Db, where: SQL, order: SQL[], limit: number) =>
  limit <= 0
    ? Promise.resolve([])
    : db
        .select(queueColumns)
        .from(flashcardCards)
        .innerJoin(flashcardNotes, eq(flashcardNotes.id, flashcardCards.noteId))
        .innerJoin(flashcardDecks, eq(flashcardDecks.id, flashcardCards.deckId))
        .where(where)
        .orderBy(...order)
        .limit(limit);

type QueueLimits = { reviewLimit: number; newLimit: number; batch: number };

async function queueOf(db: Db, window: QueueWindow, { reviewLimit, newLimit, batch }: QueueLimits) {
  // Three index range reads at once, on separate connections of the pool.
  const [learning, reviews, fresh_] = await Promise.all([
    queueSelect(db, learningDue(window), [asc(flashcardCards.due), asc(flashcardCards.id)], batch),
    queueSelect(db, reviewDue(window), [asc(flashcardCards.due), asc(flashcardCards.id)], reviewLimit),
    queueSelect(
      db,
      fresh(window),
      [asc(flashcardCards.createdAt), asc(flashcardCards.ordinal), asc(flashcardCards.id)],
      newLimit,
    ),
  ]);
  const dueNow = learning.filter((row) => row.card.due <= window.now);
  const ahead = learning.filter((row) => row.card.due > window.now);
  return [...dueNow, ...reviews, ...fresh_, ...ahead];
}

/** The cards to study now and how many are due. */
export function createFlashcardQueueRepository({ db }: { db: Db }) {
  return {
    /**
     * Learning cards due now, then review cards due today, then new cards (each within its limit), then learning
     * cards due within the learn-ahead window.
     */
    queue: (window: QueueWindow, limits: QueueLimits) => queueOf(db, window, limits),
    async queueCounts(window: QueueWindow) {
      const [row] = await db
        .select({
          learning: sql<number>`(count(*) filter (where ${learningDue(window)}))::int`,
          review: sql<number>`(count(*) filter (where ${reviewDue(window)}))::int`,
          fresh: sql<number>`(count(*) filter (where ${fresh(window)}))::int`,
        })
        .from(flashcardCards)
        .where(eq(flashcardCards.userId, window.userId));
      return row ?? { learning: 0, review: 0, fresh: 0 };
    },
    /** Cards (not suspended) that fall due in [from, to) and were not new. */
    async countDueBetween(userId: string, from: Date, to: Date, deckId?: string) {
      const conditions: SQL[] = [
        eq(flashcardCards.userId, userId),
        eq(flashcardCards.suspended, false),
        sql`${flashcardCards.state} <> ${STATE.new}`,
        gte(flashcardCards.due, from),
        lt(flashcardCards.due, to),
      ];
      if (deckId) conditions.push(eq(flashcardCards.deckId, deckId));
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(flashcardCards)
        .where(and(...conditions));
      return row?.count ?? 0;
    },
  };
}
