import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Tx } from './flashcards.repository.ts';
import { flashcardCards, flashcardNotes } from './flashcards.table.ts';

const CHUNK = 500;

/** Many notes and their cards at once, in the caller's transaction. */
export function createFlashcardsImportRepository({ db }: { db: Db }) {
  return {
    async insertNotes(
      tx: Tx,
      owner: { userId: string; deckId: string },
      notes: { front: string; back: string; tags: string[]; ordinals: number[] }[],
      now: Date,
    ) {
      for (let start = 0; start < notes.length; start += CHUNK) {
        const chunk = notes.slice(start, start + CHUNK);
        const rows = await tx
          .insert(flashcardNotes)
          .values(chunk.map(({ front, back, tags }) => ({ ...owner, front, back, tags })))
          .returning({ id: flashcardNotes.id });
        const cards = rows.flatMap((row, index) =>
          (chunk[index]?.ordinals ?? []).map((ordinal) => ({ ...owner, noteId: row.id, ordinal, due: now })),
        );
        if (cards.length) await tx.insert(flashcardCards).values(cards);
      }
    },

    /** A deck's notes, oldest first, for export. */
    deckNotes(userId: string, deckId: string) {
      return db
        .select({ front: flashcardNotes.front, back: flashcardNotes.back, tags: flashcardNotes.tags })
        .from(flashcardNotes)
        .where(and(eq(flashcardNotes.userId, userId), eq(flashcardNotes.deckId, deckId)))
        .orderBy(asc(flashcardNotes.createdAt), asc(flashcardNotes.id));
    },
  };
}
export type FlashcardsImportRepository = ReturnType<typeof createFlashcardsImportRepository>;
