import type { FromPassageBody, OneClickResult } from '@portal/shared/flashcards-sources';
import { api } from '@/lib/api';
import { useFlashcardsMutation } from './use-flashcards-mutation';

export const cardFromPassage = (body: FromPassageBody) =>
  api.post<OneClickResult>('/api/flashcards/from-passage', body);

export const useCardFromPassage = () => useFlashcardsMutation(cardFromPassage);
