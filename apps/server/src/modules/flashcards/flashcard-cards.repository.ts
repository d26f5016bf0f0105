import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Tx } from './flashcard-rows.ts';
import type { MemoryState } from './flashcards.scheduler.ts';
import { flashcardCards } from './flashcards.table.ts';

/** Cards: one per note, or one per cloze number, each with its own memory state. */
export function createFlashcardCardsRepository({ db }: { db: Db }) {
  const ownCard = (userId: string, cardId: string) =>
    and(eq(flashcardCards.userId, userId), eq(flashcardCards.id, cardId));
  return {
    /** Makes the note's cards exactly these ordinals: missing ones are added new, others (and their history) go. */
    async syncCards(tx: Tx, note: { id: string; userId: string; deckId: string }, ordinals: number[], now: Date) {
      const existing = await tx
        .select({ ordinal: flashcardCards.ordinal })
        .from(flashcardCards)
        .where(and(eq(flashcardCards.noteId, note.id), eq(flashcardCards.userId, note.userId)));
      const have = new Set(existing.map((row) => row.ordinal));
      const stale = [...have].filter((ordinal) => !ordinals.includes(ordinal));
      if (stale.length) {
        await tx
          .delete(flashcardCards)
          .where(and(eq(flashcardCards.noteId, note.id), inArray(flashcardCards.ordinal, stale)));
      }
      const added = ordinals.filter((ordinal) => !have.has(ordinal));
      if (added.length) {
        await tx
          .insert(flashcardCards)
          .values(
            added.map((ordinal) => ({ userId: note.userId, deckId: note.deckId, noteId: note.id, ordinal, due: now })),
          );
      }
    },
    async findCard(userId: string, cardId: string) {
      const [row] = await db.select().from(flashcardCards).where(ownCard(userId, cardId));
      return row;
    },
    /** The card locked until the transaction ends, so two ratings of it happen one after the other. */
    async lockCard(tx: Tx, userId: string, cardId: string) {
      const [row] = await tx.select().from(flashcardCards).where(ownCard(userId, cardId)).for('update');
      return row;
    },
    async updateCard(
      executor: Db | Tx,
      userId: string,
      cardId: string,
      changes: Partial<MemoryState> & { suspended?: boolean; buriedUntil?: Date | null },
    ) {
      const [row] = await executor.update(flashcardCards).set(changes).where(ownCard(userId, cardId)).returning();
      return row;
    },
  };
}
