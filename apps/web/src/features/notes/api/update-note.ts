import type { Note, UpdateNoteBody } from '@portal/shared/notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { notesQueryOptions } from './get-notes';

export const updateNote = ({ noteId, changes }: { noteId: string; changes: UpdateNoteBody }) =>
  api.patch<{ note: Note }>(`/api/notes/${noteId}`, changes).then((data) => data.note);

export const useUpdateNote = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesQueryOptions().queryKey }),
  });
};
