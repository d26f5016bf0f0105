export const FLASHCARDS_PATH = '/dashboard/learner/flashcards';

/** The review screen, for one deck or (without an id) for every deck. */
export const reviewPath = (deckId?: string) =>
  `${FLASHCARDS_PATH}/review${deckId ? `?${new URLSearchParams({ deck: deckId })}` : ''}`;
