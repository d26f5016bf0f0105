import type { Deck } from '@portal/shared/flashcards';
import type {
  CourseOption,
  FromNoteBody,
  FromPassageBody,
  MistakeCardsBody,
  MistakeCardsResult,
  MistakeList,
  OneClickResult,
} from '@portal/shared/flashcards-sources';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '@/lib/api';
import { FLASHCARDS_KEY } from './keys';

/** Any change here adds cards or moves a deck: every flashcards query is refreshed. */
const useFlashcardsMutation = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FLASHCARDS_KEY }),
  });
};

export const useCourseOptions = (enabled: boolean) =>
  useQuery({
    queryKey: [...FLASHCARDS_KEY, 'course-options'],
    queryFn: ({ signal }) =>
      api.get<{ courses: CourseOption[] }>('/api/flashcards/course-options', signal).then((data) => data.courses),
    enabled,
  });

export const useAttachDeck = () =>
  useFlashcardsMutation(({ deckId, courseId }: { deckId: string; courseId: string | null }) =>
    apiRequest<{ deck: Deck }>(`/api/flashcards/decks/${deckId}/course`, {
      method: 'PUT',
      body: { course_id: courseId },
    }),
  );

export const useCardFromNote = () =>
  useFlashcardsMutation((body: FromNoteBody) => api.post<OneClickResult>('/api/flashcards/from-note', body));

export const useCardFromPassage = () =>
  useFlashcardsMutation((body: FromPassageBody) => api.post<OneClickResult>('/api/flashcards/from-passage', body));

export const useMistakes = (enabled = true) =>
  useQuery({
    queryKey: [...FLASHCARDS_KEY, 'mistakes'],
    queryFn: ({ signal }) => api.get<MistakeList>('/api/flashcards/mistakes', signal).then((data) => data.mistakes),
    enabled,
  });

export const useCardMistakes = () =>
  useFlashcardsMutation((body: MistakeCardsBody) =>
    api.post<MistakeCardsResult>('/api/flashcards/mistakes/cards', body),
  );
