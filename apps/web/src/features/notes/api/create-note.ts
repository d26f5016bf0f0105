import type { CreateNoteBody, Note } from '@portal/shared/notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { notesQueryOptions } from './get-notes';

export const createNote = (body: CreateNoteBody) =>
  api.post<{ note: Note }>('/api/notes', body).then((data) => data.note);

export const useCreateNote = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesQueryOptions().queryKey }),
  });
};
