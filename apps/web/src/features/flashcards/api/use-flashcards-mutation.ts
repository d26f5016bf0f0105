import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FLASHCARDS_KEY } from './keys';

/** A change that adds cards or moves a deck: every flashcards query is refreshed after it. */
export const useFlashcardsMutation = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FLASHCARDS_KEY }),
  });
};
