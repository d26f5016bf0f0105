import type { Deck } from '@portal/shared/flashcards';
import { apiRequest } from '@/lib/api';
import { useFlashcardsMutation } from './use-flashcards-mutation';

/** Attaches a deck to a course, or detaches it with null. */
export const attachDeck = ({ deckId, courseId }: { deckId: string; courseId: string | null }) =>
  apiRequest<{ deck: Deck }>(`/api/flashcards/decks/${deckId}/course`, {
    method: 'PUT',
    body: { course_id: courseId },
  });

export const useAttachDeck = () => useFlashcardsMutation(attachDeck);
