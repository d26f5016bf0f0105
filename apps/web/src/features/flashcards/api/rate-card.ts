import type { FlashcardRating, RateResult } from '@portal/shared/flashcards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { FLASHCARDS_KEY } from './keys';

export type RateCardInput = {
  cardId: string;
  rating: FlashcardRating;
  idempotencyKey: string;
  durationMs: number;
  /** The card's due time as shown: a card rated since in another tab is refused, not rated twice. */
  due?: string;
};

/** The server schedules the card; the key makes a repeated send (double press, retry) count once. */
export const rateCard = ({ cardId, rating, idempotencyKey, durationMs, due }: RateCardInput) =>
  api.post<RateResult>(`/api/flashcards/cards/${cardId}/rate`, {
    rating,
    idempotency_key: idempotencyKey,
    duration_ms: durationMs,
    ...(due ? { due } : {}),
  });

export const useRateCard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FLASHCARDS_KEY }),
  });
};
