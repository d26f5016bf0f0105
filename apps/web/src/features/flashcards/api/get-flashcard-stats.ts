import type { FlashcardStats } from '@portal/shared/flashcards-stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { FLASHCARDS_KEY } from './keys';

export const getFlashcardStats = (deckId: string | undefined, signal?: AbortSignal) =>
  api.get<FlashcardStats>(`/api/flashcards/stats${deckId ? `?deck_id=${encodeURIComponent(deckId)}` : ''}`, signal);

export const flashcardStatsQueryOptions = (deckId?: string) =>
  queryOptions({
    queryKey: [...FLASHCARDS_KEY, 'stats', deckId ?? 'all'],
    queryFn: ({ signal }) => getFlashcardStats(deckId, signal),
  });

export const useFlashcardStats = (deckId?: string) => useQuery(flashcardStatsQueryOptions(deckId));
