import type { FlashcardCard } from '@portal/shared/flashcards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { FLASHCARDS_KEY } from './keys';

/**
 * Puts the card of today's last rating back as it was. With `key` (the rating this tab made last), the server
 * refuses when another rating was made since elsewhere, rather than undoing that one.
 */
export const undoRating = (key?: string) =>
  api
    .post<{ card: FlashcardCard }>(`/api/flashcards/review/undo${key ? `?key=${encodeURIComponent(key)}` : ''}`)
    .then((data) => data.card);

export const useUndoRating = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoRating,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FLASHCARDS_KEY }),
  });
};
