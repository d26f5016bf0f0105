import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { createFlashcardCardsRepository } from './flashcard-cards.repository.ts';
import { createFlashcardDecksRepository } from './flashcard-decks.repository.ts';
import { createFlashcardNotesRepository } from './flashcard-notes.repository.ts';
import { createFlashcardQueueRepository } from './flashcard-queue.repository.ts';
import { createFlashcardReviewLogsRepository } from './flashcard-review-logs.repository.ts';
import type { Tx } from './flashcard-rows.ts';
import { flashcardSettings } from './flashcards.table.ts';

export type { QueueWindow } from './flashcard-queue.repository.ts';
export type { CardRow, DeckRow, NoteRow, NoteWithCards, ReviewLogRow, Tx } from './flashcard-rows.ts';

/** Desired retention and daily limits. */
function createFlashcardSettingsRepository({ db }: { db: Db }) {
  return {
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
  };
}

/** Every read and write is scoped by the learner's id. */
export function createFlashcardsRepository(deps: { db: Db }) {
  const { db } = deps;
  return {
    db,
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },
    ...createFlashcardSettingsRepository(deps),
    ...createFlashcardDecksRepository(deps),
    ...createFlashcardNotesRepository(deps),
    ...createFlashcardCardsRepository(deps),
    ...createFlashcardQueueRepository(deps),
    ...createFlashcardReviewLogsRepository(deps),
  };
}
export type FlashcardsRepository = ReturnType<typeof createFlashcardsRepository>;
