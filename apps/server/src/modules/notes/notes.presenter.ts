import type { Note, NotePosition } from '@portal/shared/notes';
import type { NoteRow, NoteWithPlace } from './notes.repository.ts';

export function positionOf(
  row: Pick<NoteRow, 'positionKind' | 'positionSeconds' | 'positionPage'>,
): NotePosition | null {
  if (row.positionKind === 'video' && row.positionSeconds !== null)
    return { kind: 'video', seconds: row.positionSeconds };
  if (row.positionKind === 'pdf' && row.positionPage !== null) return { kind: 'pdf', page: row.positionPage };
  return null;
}

export function presentNote(row: NoteWithPlace): Note {
  return {
    id: row.id,
    course_id: row.courseId,
    course_title: row.courseTitle,
    lesson_id: row.lessonId,
    lesson_title: row.lessonTitle,
    body: row.body,
    format: row.format,
    position: positionOf(row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
