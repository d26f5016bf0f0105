import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { FLASHCARDS_KEY } from './keys';

export const deleteFlashcardNote = (noteId: string) => api.delete<null>(`/api/flashcards/notes/${noteId}`);

export const useDeleteFlashcardNote = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFlashcardNote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FLASHCARDS_KEY }),
  });
};
