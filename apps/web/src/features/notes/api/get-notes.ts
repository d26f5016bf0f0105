import type { NoteList } from '@portal/shared/notes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type NotesFilter = { q?: string; lessonId?: string };

export const getNotes = ({ q, lessonId }: NotesFilter, signal?: AbortSignal) => {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (lessonId) params.set('lesson_id', lessonId);
  const query = params.toString();
  return api.get<NoteList>(`/api/notes${query ? `?${query}` : ''}`, signal);
};

/** Without a filter the key matches every notes list, so mutations invalidate them all with it. */
export const notesQueryOptions = (filter: NotesFilter = {}) =>
  queryOptions({ queryKey: ['notes', filter], queryFn: ({ signal }) => getNotes(filter, signal) });

export const useNotes = (filter: NotesFilter = {}) => useQuery(notesQueryOptions(filter));

/** The Markdown download of the learner's notes (optionally only those matching a search). */
export const notesExportUrl = (q?: string) => `/api/notes/export${q ? `?${new URLSearchParams({ q })}` : ''}`;
