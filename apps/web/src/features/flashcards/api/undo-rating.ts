import type { FlashcardCard } from '@portal/shared/flashcards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { FLASHCARDS_KEY } from './keys';

/** Puts the card of today's last rating back as it was. */
export const undoRating = () =>
  api.post<{ card: FlashcardCard }>('/api/flashcards/review/undo').then((data) => data.card);

export const useUndoRating = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoRating,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FLASHCARDS_KEY }),
  });
};
