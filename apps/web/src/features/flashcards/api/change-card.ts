import type { CardChange, FlashcardCard } from '@portal/shared/flashcards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { FLASHCARDS_KEY } from './keys';

/** Suspends, unsuspends or buries a card until tomorrow. */
export const changeCard = ({ cardId, change }: { cardId: string; change: CardChange }) =>
  api.patch<{ card: FlashcardCard }>(`/api/flashcards/cards/${cardId}`, change).then((data) => data.card);

export const useChangeCard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FLASHCARDS_KEY }),
  });
};
