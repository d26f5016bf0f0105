import { FLASHCARD_NOTE_LIST_LIMIT } from '@portal/shared/flashcards';
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { MemoryState } from './flashcards.scheduler.ts';
import {
  flashcardCards,
  flashcardDecks,
  flashcardNotes,
  flashcardReviewLogs,
  flashcardSettings,
} from './flashcards.table.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DeckRow = typeof flashcardDecks.$inferSelect;
export type NoteRow = typeof flashcardNotes.$inferSelect;
export type CardRow = typeof flashcardCards.$inferSelect;
export type ReviewLogRow = typeof flashcardReviewLogs.$inferSelect;
export type NoteWithCards = NoteRow & { cards: CardRow[] };

/** Escapes LIKE wildcards so a search for "100%" finds the text "100%". */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

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

const STATE = { new: 0, learning: 1, review: 2, relearning: 3 } as const;

/** Every read and write is scoped by the learner's id. */
export function createFlashcardsRepository({ db }: { db: Db }) {
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
  const learningDue = (window: QueueWindow) =>
    and(
      available(window),
      inArray(flashcardCards.state, [STATE.learning, STATE.relearning]),
      lte(flashcardCards.due, window.learnAheadUntil),
    ) as SQL;
  const reviewDue = (window: QueueWindow) =>
    and(available(window), eq(flashcardCards.state, STATE.review), lt(flashcardCards.due, window.endOfToday)) as SQL;
  const fresh = (window: QueueWindow) => and(available(window), eq(flashcardCards.state, STATE.new)) as SQL;

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
  const queueSelect = (where: SQL, order: SQL[], limit: number) =>
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

  return {
    db,
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async findSettings(userId: string) {
      const [row] = await db.select().from(flashcardSettings).where(eq(flashcardSettings.userId, userId));
      return row;
    },
    async saveSettings(userId: string, values: { desiredRetention: number; newPerDay: number; reviewsPerDay: number }) {
      await db
        .insert(flashcardSettings)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: flashcardSettings.userId, set: { ...values, updatedAt: new Date() } });
    },

    // ------------------------------------------------------------ decks

    listDecks(userId: string) {
      return db
        .select()
        .from(flashcardDecks)
        .where(eq(flashcardDecks.userId, userId))
        .orderBy(asc(flashcardDecks.name), asc(flashcardDecks.createdAt));
    },
    async findDeck(userId: string, deckId: string) {
      const [row] = await db
        .select()
        .from(flashcardDecks)
        .where(and(eq(flashcardDecks.userId, userId), eq(flashcardDecks.id, deckId)));
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
        .where(and(eq(flashcardDecks.userId, userId), eq(flashcardDecks.id, deckId)))
        .returning();
      return row;
    },
    async deleteDeck(userId: string, deckId: string): Promise<boolean> {
      const rows = await db
        .delete(flashcardDecks)
        .where(and(eq(flashcardDecks.userId, userId), eq(flashcardDecks.id, deckId)))
        .returning({ id: flashcardDecks.id });
      return rows.length > 0;
    },

    /** Per deck: all cards, learning cards due now, review cards due today, new cards (none suspended or buried). */
    async deckCounts(window: QueueWindow) {
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
    },

    // ------------------------------------------------------------ notes and cards

    async listNotes(
      userId: string,
      { deckId, q, tag, sharedDeckIds = [] }: { deckId?: string; q?: string; tag?: string; sharedDeckIds?: string[] },
    ): Promise<{ notes: NoteWithCards[]; truncated: boolean }> {
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
      const rows = await db
        .select()
        .from(flashcardNotes)
        .where(and(...conditions))
        .orderBy(desc(flashcardNotes.createdAt), desc(flashcardNotes.id))
        .limit(FLASHCARD_NOTE_LIST_LIMIT + 1);
      const notes = rows.slice(0, FLASHCARD_NOTE_LIST_LIMIT);
      const cards = notes.length
        ? await db
            .select()
            .from(flashcardCards)
            .where(
              and(
                eq(flashcardCards.userId, userId),
                inArray(
                  flashcardCards.noteId,
                  notes.map((note) => note.id),
                ),
              ),
            )
            .orderBy(asc(flashcardCards.ordinal))
        : [];
      return {
        notes: notes.map((note) => ({ ...note, cards: cards.filter((card) => card.noteId === note.id) })),
        truncated: rows.length > FLASHCARD_NOTE_LIST_LIMIT,
      };
    },

    async findNote(userId: string, noteId: string): Promise<NoteWithCards | undefined> {
      const [note] = await db
        .select()
        .from(flashcardNotes)
        .where(and(eq(flashcardNotes.userId, userId), eq(flashcardNotes.id, noteId)));
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
        .where(and(eq(flashcardNotes.userId, userId), eq(flashcardNotes.id, noteId)));
      if (changes.deckId) {
        await tx.update(flashcardCards).set({ deckId: changes.deckId }).where(eq(flashcardCards.noteId, noteId));
      }
    },
    async deleteNote(userId: string, noteId: string): Promise<boolean> {
      const rows = await db
        .delete(flashcardNotes)
        .where(and(eq(flashcardNotes.userId, userId), eq(flashcardNotes.id, noteId)))
        .returning({ id: flashcardNotes.id });
      return rows.length > 0;
    },

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
      const [row] = await db
        .select()
        .from(flashcardCards)
        .where(and(eq(flashcardCards.userId, userId), eq(flashcardCards.id, cardId)));
      return row;
    },
    /** The card locked until the transaction ends, so two ratings of it happen one after the other. */
    async lockCard(tx: Tx, userId: string, cardId: string) {
      const [row] = await tx
        .select()
        .from(flashcardCards)
        .where(and(eq(flashcardCards.userId, userId), eq(flashcardCards.id, cardId)))
        .for('update');
      return row;
    },
    async updateCard(
      executor: Db | Tx,
      userId: string,
      cardId: string,
      changes: Partial<MemoryState> & { suspended?: boolean; buriedUntil?: Date | null },
    ) {
      const [row] = await executor
        .update(flashcardCards)
        .set(changes)
        .where(and(eq(flashcardCards.userId, userId), eq(flashcardCards.id, cardId)))
        .returning();
      return row;
    },

    // ------------------------------------------------------------ review

    /**
     * Learning cards due now, then review cards due today, then new cards (each within its limit), then learning
     * cards due within the learn-ahead window.
     */
    async queue(
      window: QueueWindow,
      { reviewLimit, newLimit, batch }: { reviewLimit: number; newLimit: number; batch: number },
    ) {
      // Three index range reads at once, on separate connections of the pool.
      const [learning, reviews, fresh_] = await Promise.all([
        queueSelect(learningDue(window), [asc(flashcardCards.due), asc(flashcardCards.id)], batch),
        queueSelect(reviewDue(window), [asc(flashcardCards.due), asc(flashcardCards.id)], reviewLimit),
        queueSelect(
          fresh(window),
          [asc(flashcardCards.createdAt), asc(flashcardCards.ordinal), asc(flashcardCards.id)],
          newLimit,
        ),
      ]);
      const dueNow = learning.filter((row) => row.card.due <= window.now);
      const ahead = learning.filter((row) => row.card.due > window.now);
      return [...dueNow, ...reviews, ...fresh_, ...ahead];
    },
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
export type FlashcardsRepository = ReturnType<typeof createFlashcardsRepository>;
