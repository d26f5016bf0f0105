import type { DeckList } from '@portal/shared/flashcards';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { FLASHCARDS_KEY } from './keys';

export const getDecks = (signal?: AbortSignal) => api.get<DeckList>('/api/flashcards/decks', signal);

export const decksQueryOptions = () =>
  queryOptions({ queryKey: [...FLASHCARDS_KEY, 'decks'], queryFn: ({ signal }) => getDecks(signal) });

export const useDecks = () => useQuery(decksQueryOptions());
