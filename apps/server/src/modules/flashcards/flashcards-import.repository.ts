import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Tx } from './flashcards.repository.ts';
import { flashcardCards, flashcardNotes } from './flashcards.table.ts';

const CHUNK = 500;
const MEDIA_PATH = '/api/flashcards/media/';
/** A LIKE pattern that finds `text` anywhere, its wildcards taken literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

/** Whether a note's front or back matches the LIKE pattern. */
const showsPattern = (pattern: string) =>
  or(sql`${flashcardNotes.front} like ${pattern}`, sql`${flashcardNotes.back} like ${pattern}`);

/** Inserts the notes and their cards in chunks, in the caller's transaction. */
async function insertNotes(
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
}

/** Many notes and their cards at once, in the caller's transaction. */
export function createFlashcardsImportRepository({ db }: { db: Db }) {
  return {
    insertNotes,

    /** Whether one of the learner's own cards shows this text (an image link): their own notes or a course deck's. */
    async hasCardShowing(userId: string, text: string): Promise<boolean> {
      const pattern = likePattern(text);
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(flashcardCards)
        .innerJoin(flashcardNotes, eq(flashcardNotes.id, flashcardCards.noteId))
        .where(and(eq(flashcardCards.userId, userId), showsPattern(pattern)))
        .limit(1);
      return row !== undefined;
    },

    /** The fronts and backs of the learner's own notes that show an imported image. */
    async ownTextsShowingMedia(userId: string): Promise<string[]> {
      const pattern = `%${MEDIA_PATH}%`;
      const rows = await db
        .select({ front: flashcardNotes.front, back: flashcardNotes.back })
        .from(flashcardNotes)
        .where(and(eq(flashcardNotes.userId, userId), showsPattern(pattern)));
      return rows.flatMap((row) => [row.front, row.back]);
    },

    /** Whether any note, of anyone, shows this text (an image link). */
    async anyNoteShowing(text: string): Promise<boolean> {
      const pattern = likePattern(text);
      const [row] = await db.select({ one: sql<number>`1` }).from(flashcardNotes).where(showsPattern(pattern)).limit(1);
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
