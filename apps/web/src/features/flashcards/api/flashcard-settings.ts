import type { FlashcardSettings } from '@portal/shared/flashcards';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '@/lib/api';
import { FLASHCARDS_KEY } from './keys';

export const getFlashcardSettings = (signal?: AbortSignal) =>
  api.get<FlashcardSettings>('/api/flashcards/settings', signal);

export const flashcardSettingsQueryOptions = () =>
  queryOptions({ queryKey: [...FLASHCARDS_KEY, 'settings'], queryFn: ({ signal }) => getFlashcardSettings(signal) });

export const useFlashcardSettings = () => useQuery(flashcardSettingsQueryOptions());

export const saveFlashcardSettings = (settings: FlashcardSettings) =>
  apiRequest<FlashcardSettings>('/api/flashcards/settings', { method: 'PUT', body: settings });

/** Saving changes today's limits, so decks and the queue are fetched again too. */
export const useSaveFlashcardSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFlashcardSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FLASHCARDS_KEY }),
  });
};
