import { NoteCardButton, QuizMistakeCardButton } from '@/features/flashcards/components/make-card-button';
import { PassageCardAction } from '@/features/flashcards/components/passage-card';
import type { CardMakers } from '@/lib/card-makers';

/** Flashcards' one-click cards, offered on the notes, quiz and lesson screens. */
export const CARD_MAKERS: CardMakers = {
  NoteCard: NoteCardButton,
  QuizMistakeCard: QuizMistakeCardButton,
  PassageCard: PassageCardAction,
};
