import {
  type CardChange,
  type CreateNoteInput,
  clozeNumbers,
  type Deck,
  type NoteListQuery,
  type UpdateNoteBody,
} from '@portal/shared/flashcards';
import { AppError } from '../../errors.ts';
import { presentCard, presentDeck, presentNote } from './flashcards.presenter.ts';
import type { DeckRow, FlashcardsRepository } from './flashcards.repository.ts';
import type { FlashcardsCourseService } from './flashcards-course.service.ts';
import { cardNotFound, type FlashcardsReviewService } from './flashcards-review.service.ts';

const deckNotFound = () => new AppError('not_found', 'Deck not found.');
const noteNotFound = () => new AppError('not_found', 'Card not found.');

/** A note makes one card per cloze number on its front, or one front/back card (ordinal 0) when it has none. */
export const cardOrdinals = (front: string): number[] => {
  const numbers = clozeNumbers(front);
  return numbers.length ? numbers : [0];
};

type FlashcardsDeps = {
  repository: FlashcardsRepository;
  reviewService: FlashcardsReviewService;
  courseService: FlashcardsCourseService;
};

/**
 * The learner's decks, then the course decks they study, with what is due now and the new cards today's limit
 * lets in.
 */
async function listDecksOf({ repository, reviewService, courseService }: FlashcardsDeps, userId: string) {
  // Today's window first: it brings the learner's course-deck cards up to date.
  const day = await reviewService.today(userId);
  const [decks, shared] = await Promise.all([repository.listDecks(userId), courseService.sharedDecks(userId)]);
  const [countRows, courses] = await Promise.all([repository.deckCounts(day.window), courseService.coursesOf(decks)]);
  const counts = new Map(countRows.map((row) => [row.deckId, row]));
  const present = (deck: DeckRow, course: { id: string; title: string } | null, readOnly: boolean) => {
    const count = counts.get(deck.id);
    const numbers = {
      card_count: count?.total ?? 0,
      due_count: (count?.learning ?? 0) + Math.min(count?.review ?? 0, day.reviewLimit),
      new_count: Math.min(count?.fresh ?? 0, day.newLimit),
    };
    return presentDeck(deck, numbers, { course, readOnly });
  };
  return [
    ...decks.map((deck) => present(deck, (deck.courseId && courses.get(deck.courseId)) || null, false)),
    ...shared.map((entry) => present(entry.deck, entry.course, true)),
  ];
}

/** Two decks of one name could not be told apart in the deck list or a deck picker. */
async function refuseTakenName(repository: FlashcardsRepository, userId: string, name: string, exceptId?: string) {
  if (await repository.findDeckNamed(userId, name, exceptId)) {
    throw new AppError('conflict', `You already have a deck named "${name}".`, { reasons: ['deck_name_taken'] });
  }
}

function createFlashcardDecks(deps: FlashcardsDeps) {
  const { repository, courseService } = deps;
  const listDecks = (userId: string): Promise<Deck[]> => listDecksOf(deps, userId);

  /** The learner's own deck or a course deck they study; 404 otherwise. */
  const requireReadableDeck = async (userId: string, deckId: string) => {
    if (await repository.findDeck(userId, deckId)) return { shared: false };
    if (await courseService.sharedDeck(userId, deckId)) return { shared: true };
    throw deckNotFound();
  };

  return {
    listDecks,
    requireReadableDeck,

    async createDeck(userId: string, name: string): Promise<Deck> {
      await refuseTakenName(repository, userId, name);
      return presentDeck(await repository.insertDeck(userId, name));
    },

    async renameDeck(userId: string, deckId: string, name: string): Promise<Deck> {
      await refuseTakenName(repository, userId, name, deckId);
      const deck = await repository.renameDeck(userId, deckId, name);
      if (!deck) throw deckNotFound();
      return (await listDecks(userId)).find((listed) => listed.id === deck.id) ?? presentDeck(deck);
    },

    async deleteDeck(userId: string, deckId: string): Promise<void> {
      if (!(await repository.deleteDeck(userId, deckId))) throw deckNotFound();
    },
  };
}

/** A card needs something to recall: a back, or a cloze deletion on its front. */
function refuseEmptyCard(front: string, back: string) {
  if (clozeNumbers(front).length === 0 && back.trim().length === 0) {
    throw new AppError(
      'validation_failed',
      'A card needs a back, or a cloze deletion such as {{c1::answer}} on its front.',
    );
  }
}

/** The note's columns the changes set. */
const noteColumns = (changes: UpdateNoteBody) => ({
  ...(changes.deck_id ? { deckId: changes.deck_id } : {}),
  ...(changes.front !== undefined ? { front: changes.front } : {}),
  ...(changes.back !== undefined ? { back: changes.back } : {}),
  ...(changes.tags ? { tags: changes.tags } : {}),
});

async function requireOwnDeck(repository: FlashcardsRepository, userId: string, deckId: string) {
  const deck = await repository.findDeck(userId, deckId);
  if (!deck) throw deckNotFound();
  return deck;
}

async function requireNote(repository: FlashcardsRepository, userId: string, noteId: string) {
  const note = await repository.findNote(userId, noteId);
  if (!note) throw noteNotFound();
  return note;
}

type NotesDeps = FlashcardsDeps & {
  requireReadableDeck: (userId: string, deckId: string) => Promise<{ shared: boolean }>;
};

async function listNotesOf(
  { repository, courseService, requireReadableDeck }: NotesDeps,
  userId: string,
  query: NoteListQuery,
) {
  if (query.deck_id) await requireReadableDeck(userId, query.deck_id);
  const sharedDeckIds = (await courseService.sharedDecks(userId)).map((entry) => entry.deck.id);
  const result = await repository.listNotes(userId, {
    deckId: query.deck_id,
    q: query.q,
    tag: query.tag,
    sharedDeckIds,
  });
  return { notes: result.notes.map((note) => presentNote(note)), truncated: result.truncated };
}

async function saveNote(
  repository: FlashcardsRepository,
  { userId, noteId, changes }: { userId: string; noteId: string; changes: UpdateNoteBody },
) {
  const note = await requireNote(repository, userId, noteId);
  if (changes.deck_id) await requireOwnDeck(repository, userId, changes.deck_id);
  const front = changes.front ?? note.front;
  refuseEmptyCard(front, changes.back ?? note.back);
  await repository.transaction(async (tx) => {
    await repository.updateNote(tx, userId, noteId, noteColumns(changes));
    const deckId = changes.deck_id ?? note.deckId;
    await repository.syncCards(tx, { id: noteId, userId, deckId }, cardOrdinals(front), new Date());
  });
  return presentNote(await requireNote(repository, userId, noteId));
}

function createFlashcardNotes(deps: NotesDeps) {
  const { repository } = deps;
  return {
    listNotes: (userId: string, query: NoteListQuery) => listNotesOf(deps, userId, query),

    async createNote(userId: string, input: CreateNoteInput) {
      await requireOwnDeck(repository, userId, input.deck_id);
      const created = await repository.transaction(async (tx) => {
        const { deck_id: deckId, front, back, tags } = input;
        const note = await repository.insertNote(tx, { userId, deckId, front, back, tags });
        await repository.syncCards(tx, note, cardOrdinals(input.front), new Date());
        return note;
      });
      return presentNote(await requireNote(repository, userId, created.id));
    },

    /**
     * Saves the note and regenerates its cards: a cloze number still on the front keeps its card and review
     * history; a new number gets a new card; a number that is gone takes its card with it.
     */
    updateNote: (userId: string, noteId: string, changes: UpdateNoteBody) =>
      saveNote(repository, { userId, noteId, changes }),

    async deleteNote(userId: string, noteId: string): Promise<void> {
      if (!(await repository.deleteNote(userId, noteId))) throw noteNotFound();
    },
  };
}

async function changeCardOf(
  { repository, reviewService }: FlashcardsDeps,
  { userId, cardId, change }: { userId: string; cardId: string; change: CardChange },
) {
  const card = await repository.findCard(userId, cardId);
  if (!card) throw cardNotFound();
  const buriedUntil =
    change.buried === undefined ? undefined : change.buried ? (await reviewService.today(userId)).endOfToday : null;
  const updated = await repository.updateCard(repository.db, userId, cardId, {
    ...(change.suspended !== undefined ? { suspended: change.suspended } : {}),
    ...(buriedUntil !== undefined ? { buriedUntil } : {}),
  });
  if (!updated) throw cardNotFound();
  return presentCard(updated);
}

export function createFlashcardsService(deps: FlashcardsDeps) {
  const decks = createFlashcardDecks(deps);
  return {
    ...decks,
    ...createFlashcardNotes({ ...deps, requireReadableDeck: decks.requireReadableDeck }),

    /** Suspends or unsuspends a card, or buries it until the start of the learner's next local day. */
    changeCard: (userId: string, cardId: string, change: CardChange) => changeCardOf(deps, { userId, cardId, change }),
  };
}
export type FlashcardsService = ReturnType<typeof createFlashcardsService>;
