import { FLASHCARD_NOTE_LIST_LIMIT } from '@portal/shared/flashcards';
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NoteRow, NoteWithCards, Tx } from './flashcard-rows.ts';
import { flashcardCards, flashcardNotes } from './flashcards.table.ts';

/** Escapes LIKE wildcards so a search for "100%" finds the text "100%". */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

type NoteFilter = { deckId?: string; q?: string; tag?: string; sharedDeckIds?: string[] };

function noteConditions(userId: string, { deckId, q, tag, sharedDeckIds = [] }: NoteFilter): SQL[] {
  const mine = eq(flashcardNotes.userId, userId);
  const conditions: SQL[] = [
    sharedDeckIds.length ? (or(mine, inArray(flashcardNotes.deckId, sharedDeckIds)) as SQL) : mine,
  ];
  if (deckId) conditions.push(eq(flashcardNotes.deckId, deckId));
  if (tag) conditions.push(sql`${tag.toLowerCase()} = any(${flashcardNotes.tags})`);
  if (q) {
    const pattern = likePattern(q);
    conditions.push(
      or(
        sql`${flashcardNotes.front} ilike ${pattern}`,
        sql`${flashcardNotes.back} ilike ${pattern}`,
        sql`array_to_string(${flashcardNotes.tags}, ' ') ilike ${pattern}`,
      ) as SQL,
    );
  }
  return conditions;
}

/** The newest notes matching the filter with their cards, up to the list limit. */
async function listNotes(
  db: Db,
  userId: string,
  filter: NoteFilter,
): Promise<{ notes: NoteWithCards[]; truncated: boolean }> {
  const rows = await db
    .select()
    .from(flashcardNotes)
    .where(and(...noteConditions(userId, filter)))
    .orderBy(desc(flashcardNotes.createdAt), desc(flashcardNotes.id))
    .limit(FLASHCARD_NOTE_LIST_LIMIT + 1);
  const notes = rows.slice(0, FLASHCARD_NOTE_LIST_LIMIT);
  const noteIds = notes.map((note) => note.id);
  const cards = notes.length
    ? await db
        .select()
        .from(flashcardCards)
        .where(and(eq(flashcardCards.userId, userId), inArray(flashcardCards.noteId, noteIds)))
        .orderBy(asc(flashcardCards.ordinal))
    : [];
  return {
    notes: notes.map((note) => ({ ...note, cards: cards.filter((card) => card.noteId === note.id) })),
    truncated: rows.length > FLASHCARD_NOTE_LIST_LIMIT,
  };
}

/** Notes: the front, back and tags the learner wrote, from which cards are made. */
export function createFlashcardNotesRepository({ db }: { db: Db }) {
  const ownNote = (userId: string, noteId: string) =>
    and(eq(flashcardNotes.userId, userId), eq(flashcardNotes.id, noteId));
  return {
    listNotes: (userId: string, filter: NoteFilter) => listNotes(db, userId, filter),
    async findNote(userId: string, noteId: string): Promise<NoteWithCards | undefined> {
      const [note] = await db.select().from(flashcardNotes).where(ownNote(userId, noteId));
      if (!note) return undefined;
      const cards = await db
        .select()
        .from(flashcardCards)
        .where(and(eq(flashcardCards.noteId, note.id), eq(flashcardCards.userId, userId)))
        .orderBy(asc(flashcardCards.ordinal));
      return { ...note, cards };
    },
    async insertNote(
      tx: Tx,
      values: { userId: string; deckId: string; front: string; back: string; tags: string[] },
    ): Promise<NoteRow> {
      const [row] = await tx.insert(flashcardNotes).values(values).returning();
      if (!row) throw new Error('Flashcard note insert returned no row');
      return row;
    },
    async updateNote(
      tx: Tx,
      userId: string,
      noteId: string,
      changes: { deckId?: string; front?: string; back?: string; tags?: string[] },
    ) {
      await tx
        .update(flashcardNotes)
        .set({ ...changes, updatedAt: new Date() })
        .where(ownNote(userId, noteId));
      if (changes.deckId) {
        await tx.update(flashcardCards).set({ deckId: changes.deckId }).where(eq(flashcardCards.noteId, noteId));
      }
    },
    async deleteNote(userId: string, noteId: string): Promise<boolean> {
      const rows = await db.delete(flashcardNotes).where(ownNote(userId, noteId)).returning({ id: flashcardNotes.id });
      return rows.length > 0;
    },
  };
}
