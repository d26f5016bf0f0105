import type { FromNoteBody, OneClickResult } from '@portal/shared/flashcards-sources';
import { api } from '@/lib/api';
import { useFlashcardsMutation } from './use-flashcards-mutation';

export const cardFromNote = (body: FromNoteBody) => api.post<OneClickResult>('/api/flashcards/from-note', body);

export const useCardFromNote = () => useFlashcardsMutation(cardFromNote);
