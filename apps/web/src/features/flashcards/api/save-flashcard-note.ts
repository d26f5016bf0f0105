import type { CreateNoteBody, FlashcardNote, UpdateNoteBody } from '@portal/shared/flashcards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { FLASHCARDS_KEY } from './keys';

/** Adds a card, or saves an edited one when `noteId` is given (the server regenerates its cloze cards). */
export const saveFlashcardNote = ({ noteId, body }: { noteId?: string; body: CreateNoteBody | UpdateNoteBody }) =>
  (noteId
    ? api.patch<{ note: FlashcardNote }>(`/api/flashcards/notes/${noteId}`, body)
    : api.post<{ note: FlashcardNote }>('/api/flashcards/notes', body)
  ).then((data) => data.note);

export const useSaveFlashcardNote = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFlashcardNote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FLASHCARDS_KEY }),
  });
};
