import type { CardSource, Deck, FlashcardCard, FlashcardNote } from '@portal/shared/flashcards';
import type { CardRow, DeckRow, NoteRow, NoteWithCards } from './flashcards.repository.ts';
import { stateName } from './flashcards.scheduler.ts';

export const presentCard = (card: CardRow): FlashcardCard => ({
  id: card.id,
  note_id: card.noteId,
  ordinal: card.ordinal,
  state: stateName(card.state),
  due: card.due.toISOString(),
  suspended: card.suspended,
  buried_until: card.buriedUntil?.toISOString() ?? null,
  reps: card.reps,
  lapses: card.lapses,
});

/** Where a one-click card came from, with its lesson link. */
export const presentSource = (note: Pick<NoteRow, 'sourceKind' | 'lessonId' | 'sourceCourseId'>): CardSource =>
  note.sourceKind ? { kind: note.sourceKind, lesson_id: note.lessonId, course_id: note.sourceCourseId } : null;

export const presentNote = (note: NoteWithCards): FlashcardNote => ({
  id: note.id,
  deck_id: note.deckId,
  front: note.front,
  back: note.back,
  tags: note.tags,
  cards: note.cards.map(presentCard),
  source: presentSource(note),
  created_at: note.createdAt.toISOString(),
  updated_at: note.updatedAt.toISOString(),
});

export type DeckCourse = { id: string; title: string };

export const presentDeck = (
  deck: DeckRow,
  counts: { card_count: number; due_count: number; new_count: number } = { card_count: 0, due_count: 0, new_count: 0 },
  { course = null, readOnly = false }: { course?: DeckCourse | null; readOnly?: boolean } = {},
): Deck => ({
  id: deck.id,
  name: deck.name,
  ...counts,
  created_at: deck.createdAt.toISOString(),
  course,
  read_only: readOnly,
});
