import type { Db } from '../../db/client.ts';
import type { flashcardCards, flashcardDecks, flashcardNotes, flashcardReviewLogs } from './flashcards.table.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DeckRow = typeof flashcardDecks.$inferSelect;
export type NoteRow = typeof flashcardNotes.$inferSelect;
export type CardRow = typeof flashcardCards.$inferSelect;
export type ReviewLogRow = typeof flashcardReviewLogs.$inferSelect;
export type NoteWithCards = NoteRow & { cards: CardRow[] };
