import type { ReviewQueue } from '@portal/shared/flashcards';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { FLASHCARDS_KEY } from './keys';

export const getReviewQueue = (deckId: string | undefined, signal?: AbortSignal) =>
  api.get<ReviewQueue>(`/api/flashcards/review${deckId ? `?deck_id=${encodeURIComponent(deckId)}` : ''}`, signal);

export const reviewQueueQueryOptions = (deckId?: string) =>
  queryOptions({
    queryKey: [...FLASHCARDS_KEY, 'review', deckId ?? 'all'],
    queryFn: ({ signal }) => getReviewQueue(deckId, signal),
    // The queue changes only when the learner rates; refetching on focus would swap the card being answered.
    refetchOnWindowFocus: false,
  });

export const useReviewQueue = (deckId?: string) => useQuery(reviewQueueQueryOptions(deckId));
