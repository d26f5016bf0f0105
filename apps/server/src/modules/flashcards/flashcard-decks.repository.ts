import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fresh, learningDue, type QueueWindow, reviewDue } from './flashcard-queue.repository.ts';
import type { DeckRow } from './flashcard-rows.ts';
import { flashcardCards, flashcardDecks } from './flashcards.table.ts';

const ownDeck = (userId: string, deckId: string) =>
  and(eq(flashcardDecks.userId, userId), eq(flashcardDecks.id, deckId));

/** Per deck: all cards, learning cards due now, review cards due today, new cards (none suspended or buried). */
function deckCountsOf(db: Db, window: QueueWindow) {
  return db
    .select({
      deckId: flashcardCards.deckId,
      total: sql<number>`count(*)::int`,
      learning: sql<number>`(count(*) filter (where ${learningDue(window)}))::int`,
      review: sql<number>`(count(*) filter (where ${reviewDue(window)}))::int`,
      fresh: sql<number>`(count(*) filter (where ${fresh(window)}))::int`,
    })
    .from(flashcardCards)
    .where(eq(flashcardCards.userId, window.userId))
    .groupBy(flashcardCards.deckId);
}

/** The learner's decks and what is due in each. */
export function createFlashcardDecksRepository({ db }: { db: Db }) {
  return {
    listDecks(userId: string) {
      return db
        .select()
        .from(flashcardDecks)
        .where(eq(flashcardDecks.userId, userId))
        .orderBy(asc(flashcardDecks.name), asc(flashcardDecks.createdAt));
    },
    async findDeck(userId: string, deckId: string) {
      const [row] = await db.select().from(flashcardDecks).where(ownDeck(userId, deckId));
      return row;
    },
    /** The learner's deck of this name, letter case aside (another than `exceptId`), if there is one. */
    async findDeckNamed(userId: string, name: string, exceptId?: string) {
      const [row] = await db
        .select({ id: flashcardDecks.id })
        .from(flashcardDecks)
        .where(
          and(
            eq(flashcardDecks.userId, userId),
            sql`lower(${flashcardDecks.name}) = lower(${name})`,
            exceptId ? sql`${flashcardDecks.id} <> ${exceptId}` : undefined,
          ),
        )
        .limit(1);
      return row;
    },
    async insertDeck(userId: string, name: string): Promise<DeckRow> {
      const [row] = await db.insert(flashcardDecks).values({ userId, name }).returning();
      if (!row) throw new Error('Deck insert returned no row');
      return row;
    },
    async renameDeck(userId: string, deckId: string, name: string) {
      const [row] = await db
        .update(flashcardDecks)
        .set({ name, updatedAt: new Date() })
        .where(ownDeck(userId, deckId))
        .returning();
      return row;
    },
    async deleteDeck(userId: string, deckId: string): Promise<boolean> {
      const rows = await db.delete(flashcardDecks).where(ownDeck(userId, deckId)).returning({ id: flashcardDecks.id });
      return rows.length > 0;
    },
    async deckCounts(window: QueueWindow) {
      return deckCountsOf(db, window);
    },
  };
}
