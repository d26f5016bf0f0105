export const FLASHCARDS_PATH = '/dashboard/learner/flashcards';

/** The review screen, for one deck or (without an id) for every deck. */
export const reviewPath = (deckId?: string) =>
  `${FLASHCARDS_PATH}/review${deckId ? `?${new URLSearchParams({ deck: deckId })}` : ''}`;

/** Statistics and the parameter optimizer, for every deck or (with an id) for one. */
export const statsPath = (deckId?: string) =>
  `${FLASHCARDS_PATH}/stats${deckId ? `?${new URLSearchParams({ deck: deckId })}` : ''}`;
