import type { MistakeCardsBody, MistakeCardsResult } from '@portal/shared/flashcards-sources';
import { api } from '@/lib/api';
import { useFlashcardsMutation } from './use-flashcards-mutation';

/** Cards from the named mistakes, or from all of them; those already carded are left alone. */
export const cardMistakes = (body: MistakeCardsBody) =>
  api.post<MistakeCardsResult>('/api/flashcards/mistakes/cards', body);

export const useCardMistakes = () => useFlashcardsMutation(cardMistakes);
