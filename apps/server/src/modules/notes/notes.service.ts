import type { CreateNoteInput, NoteListQuery, UpdateNoteBody } from '@portal/shared/notes';
import type { Role } from '@portal/shared/roles';
import { AppError } from '../../errors.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import { notesToMarkdown } from './notes.export.ts';
import type { NotesRepository } from './notes.repository.ts';

const noteNotFound = () => new AppError('not_found', 'Note not found.');

type NotesServiceDeps = {
  notesRepository: NotesRepository;
  domainEvents: DomainEvents;
  publicUrl: string;
  /** Throws when the course is above the learner's plan. */
  assertCourseInPlan: (viewer: { userId: string; role: Role }, courseId: string) => Promise<void>;
  now?: () => Date;
};

/**
 * Notes go on lessons of published courses in the learner's plan (admins may also annotate a course they are
 * previewing); a refusal never names the lesson.
 */
async function createNote(
  { notesRepository, domainEvents, assertCourseInPlan }: NotesServiceDeps,
  userId: string,
  input: CreateNoteInput,
  role: Role,
) {
  const lesson = await notesRepository.findLesson(input.lesson_id);
  if (!lesson || (lesson.courseStatus !== 'published' && role !== 'admin')) {
    throw new AppError('not_found', 'Lesson not found.');
  }
  await assertCourseInPlan({ userId, role }, lesson.courseId);
  const row = await notesRepository.transaction(async (tx) => {
    const inserted = await notesRepository.insert(tx, {
      userId,
      courseId: lesson.courseId,
      lessonId: lesson.lessonId,
      body: input.body,
      format: input.format,
      position: input.position,
    });
    await domainEvents.record(tx, {
      type: 'note.created',
      userId,
      subjectId: inserted.id,
      payload: { noteId: inserted.id },
    });
    return inserted;
  });
  void domainEvents.flush();
  const note = await notesRepository.findOne(userId, row.id);
  if (!note) throw noteNotFound();
  return note;
}

export function createNotesService(deps: NotesServiceDeps) {
  const { notesRepository, publicUrl, now = () => new Date() } = deps;
  return {
    list(userId: string, query: NoteListQuery) {
      return notesRepository.list(userId, { q: query.q, courseId: query.course_id, lessonId: query.lesson_id });
    },

    /** Notes go on lessons of published courses in the learner's plan; a refusal never names the lesson. */
    create(userId: string, input: CreateNoteInput, { role }: { role: Role }) {
      return createNote(deps, userId, input, role);
    },

    async update(userId: string, noteId: string, changes: UpdateNoteBody) {
      const note = await notesRepository.update(userId, noteId, changes);
      if (!note) throw noteNotFound();
      return note;
    },

    async remove(userId: string, noteId: string) {
      if (!(await notesRepository.delete(userId, noteId))) throw noteNotFound();
    },

    async exportMarkdown(userId: string, { q }: { q?: string }) {
      const exportedAt = now();
      const { notes } = await notesRepository.list(userId, { q, order: 'place', limit: 100_000 });
      return {
        fileName: `notes-${exportedAt.toISOString().slice(0, 10)}.md`,
        markdown: notesToMarkdown({ notes, publicUrl, exportedAt }),
      };
    },
  };
}
export type NotesService = ReturnType<typeof createNotesService>;
