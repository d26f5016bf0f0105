/** Every flashcards query key starts with this, so a change invalidates decks, cards and the review queue at once. */
export const FLASHCARDS_KEY = ['flashcards'] as const;
