import { and, asc, eq, or, sql } from 'drizzle-orm';
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

    /** Whether one of the learner's own cards shows this text (an image link): their own notes or a course deck's. */
    async hasCardShowing(userId: string, text: string): Promise<boolean> {
      const pattern = `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(flashcardCards)
        .innerJoin(flashcardNotes, eq(flashcardNotes.id, flashcardCards.noteId))
        .where(
          and(
            eq(flashcardCards.userId, userId),
            or(sql`${flashcardNotes.front} like ${pattern}`, sql`${flashcardNotes.back} like ${pattern}`),
          ),
        )
        .limit(1);
      return row !== undefined;
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
