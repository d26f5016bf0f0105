import type { FlashcardRating, RateResult } from '@portal/shared/flashcards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { FLASHCARDS_KEY } from './keys';

export type RateCardInput = { cardId: string; rating: FlashcardRating; idempotencyKey: string; durationMs: number };

/** The server schedules the card; the key makes a repeated send (double press, retry) count once. */
export const rateCard = ({ cardId, rating, idempotencyKey, durationMs }: RateCardInput) =>
  api.post<RateResult>(`/api/flashcards/cards/${cardId}/rate`, {
    rating,
    idempotency_key: idempotencyKey,
    duration_ms: durationMs,
  });

export const useRateCard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FLASHCARDS_KEY }),
  });
};
