/**
 * Notes a learner takes on a lesson, optionally pinned to a video moment or a PDF page. The text is stored as written
 * (plain text or Markdown) and never as HTML; the web renders Markdown with raw HTML disabled and sanitises the result.
 *
 *   GET    /api/notes?q=&course_id=&lesson_id= (noteListQuerySchema) -> noteListSchema (full-text search with `q`)
 *   POST   /api/notes          createNoteBodySchema -> noteEnvelopeSchema (201; emits note.created)
 *   PATCH  /api/notes/:noteId  updateNoteBodySchema -> noteEnvelopeSchema
 *   DELETE /api/notes/:noteId                        -> 204
 *   GET    /api/notes/export?q=                      -> text/markdown download of the learner's notes
 * A lesson of a course the learner cannot see answers 404 `not_found`; so does another learner's note.
 */
import { z } from 'zod';

export const NOTE_FORMATS = ['plain', 'markdown'] as const;
export const noteFormatSchema = z.enum(NOTE_FORMATS);
export type NoteFormat = z.infer<typeof noteFormatSchema>;

export const NOTE_BODY_MAX = 20_000;
export const NOTE_SEARCH_MAX = 200;
export const NOTE_LIST_LIMIT = 500;

export const notePositionSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('video'),
      seconds: z
        .number()
        .int()
        .min(0)
        .max(24 * 3600),
    })
    .strict(),
  z.object({ kind: z.literal('pdf'), page: z.number().int().min(1).max(100_000) }).strict(),
]);
export type NotePosition = z.infer<typeof notePositionSchema>;

const bodySchema = z
  .string()
  .max(NOTE_BODY_MAX)
  .refine((text) => text.trim().length > 0, 'A note needs some text.');

export const createNoteBodySchema = z
  .object({
    lesson_id: z.uuid(),
    body: bodySchema,
    format: noteFormatSchema.default('markdown'),
    position: notePositionSchema.nullable().default(null),
  })
  .strict();
/** What a client sends (format and position may be left out). */
export type CreateNoteBody = z.input<typeof createNoteBodySchema>;
/** The body after parsing, defaults applied. */
export type CreateNoteInput = z.output<typeof createNoteBodySchema>;

export const updateNoteBodySchema = z
  .object({ body: bodySchema, format: noteFormatSchema, position: notePositionSchema.nullable() })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change.');
export type UpdateNoteBody = z.infer<typeof updateNoteBodySchema>;

export const noteParamsSchema = z.object({ noteId: z.uuid() });

export const noteListQuerySchema = z
  .object({
    q: z.string().trim().max(NOTE_SEARCH_MAX).optional(),
    course_id: z.uuid().optional(),
    lesson_id: z.uuid().optional(),
  })
  .strict();
export type NoteListQuery = z.infer<typeof noteListQuerySchema>;

export const noteExportQuerySchema = z.object({ q: z.string().trim().max(NOTE_SEARCH_MAX).optional() }).strict();

export const noteSchema = z.object({
  id: z.string(),
  course_id: z.string(),
  course_title: z.string(),
  /** Null once the lesson was removed from the course; the note stays with the course. */
  lesson_id: z.string().nullable(),
  lesson_title: z.string().nullable(),
  body: z.string(),
  format: noteFormatSchema,
  position: notePositionSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

export const noteListSchema = z.object({
  /** Grouped by course and lesson (course title, lesson order), oldest note first; by relevance when searching. */
  notes: z.array(noteSchema),
  /** True when more notes matched than NOTE_LIST_LIMIT. */
  truncated: z.boolean(),
});
export type NoteList = z.infer<typeof noteListSchema>;

export const noteEnvelopeSchema = z.object({ note: noteSchema });

/** 75 -> "1:15", 3725 -> "1:02:05". */
export function formatVideoTime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Where a note leads back to: the lesson in the course player, at the pinned moment or page. */
export function noteLessonPath(note: Pick<Note, 'course_id' | 'lesson_id' | 'position'>): string {
  const base = `/dashboard/learner/course/${encodeURIComponent(note.course_id)}`;
  if (!note.lesson_id) return base;
  const params = new URLSearchParams({ lesson: note.lesson_id });
  if (note.position?.kind === 'video') params.set('t', String(note.position.seconds));
  if (note.position?.kind === 'pdf') params.set('page', String(note.position.page));
  return `${base}?${params.toString()}`;
}
