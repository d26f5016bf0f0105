import type { Deck } from '@portal/shared/flashcards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { FLASHCARDS_KEY } from './keys';

/** Creates a deck, or renames one when `deckId` is given. */
export const saveDeck = ({ deckId, name }: { deckId?: string; name: string }) =>
  (deckId
    ? api.patch<{ deck: Deck }>(`/api/flashcards/decks/${deckId}`, { name })
    : api.post<{ deck: Deck }>('/api/flashcards/decks', { name })
  ).then((data) => data.deck);

export const useSaveDeck = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDeck,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FLASHCARDS_KEY }),
  });
};
