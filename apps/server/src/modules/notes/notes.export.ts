import { formatVideoTime, noteLessonPath } from '@portal/shared/notes';
import { positionOf } from './notes.presenter.ts';
import type { NoteWithPlace } from './notes.repository.ts';

/** Keeps a title on one line and stops it from reading as Markdown syntax. */
const heading = (text: string) => text.replace(/\s+/g, ' ').replace(/([\\`*_[\]#<>])/g, '\\$1');

/** The learner's notes as one Markdown document, grouped by course and lesson, each linking back to its place. */
export function notesToMarkdown({
  notes,
  publicUrl,
  exportedAt,
}: {
  notes: readonly NoteWithPlace[];
  publicUrl: string;
  exportedAt: Date;
}): string {
  const lines = ['# My notes', '', `Exported ${exportedAt.toISOString().slice(0, 10)}.`, ''];
  if (notes.length === 0) lines.push('No notes yet.', '');
  let course: string | null = null;
  let lesson: string | null | undefined;
  for (const note of notes) {
    if (note.courseId !== course) {
      course = note.courseId;
      lesson = undefined;
      lines.push(`## ${heading(note.courseTitle)}`, '');
    }
    if (note.lessonId !== lesson) {
      lesson = note.lessonId;
      lines.push(`### ${heading(note.lessonTitle ?? 'Removed lesson')}`, '');
    }
    const position = positionOf(note);
    const url = new URL(
      noteLessonPath({ course_id: note.courseId, lesson_id: note.lessonId, position }),
      publicUrl,
    ).toString();
    const where =
      position?.kind === 'video'
        ? `At ${formatVideoTime(position.seconds)}`
        : position?.kind === 'pdf'
          ? `Page ${position.page}`
          : 'Note';
    lines.push(`**${where}** · ${note.createdAt.toISOString().slice(0, 10)} · [Open in the lesson](<${url}>)`, '');
    lines.push(note.body.trim(), '', '---', '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
