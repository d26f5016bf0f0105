import type { FlashcardNoteList } from '@portal/shared/flashcards';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { FLASHCARDS_KEY } from './keys';

export type FlashcardNotesFilter = { deckId: string; q?: string; tag?: string };

export const getFlashcardNotes = ({ deckId, q, tag }: FlashcardNotesFilter, signal?: AbortSignal) => {
  const params = new URLSearchParams({ deck_id: deckId });
  if (q) params.set('q', q);
  if (tag) params.set('tag', tag);
  return api.get<FlashcardNoteList>(`/api/flashcards/notes?${params}`, signal);
};

export const flashcardNotesQueryOptions = (filter: FlashcardNotesFilter) =>
  queryOptions({
    queryKey: [...FLASHCARDS_KEY, 'notes', filter],
    queryFn: ({ signal }) => getFlashcardNotes(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useFlashcardNotes = (filter: FlashcardNotesFilter) => useQuery(flashcardNotesQueryOptions(filter));
