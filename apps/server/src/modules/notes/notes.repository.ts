import { NOTE_LIST_LIMIT, type NoteFormat, type NotePosition } from '@portal/shared/notes';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courseModules, courses, lessons } from '../../db/schema.ts';
import { notes } from './notes.table.ts';

export type NoteRow = typeof notes.$inferSelect;
export type NoteWithPlace = NoteRow & { courseTitle: string; lessonTitle: string | null };
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Escapes LIKE wildcards so a search for "100%" finds the text "100%". */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

export function positionColumns(position: NotePosition | null) {
  return {
    positionKind: position?.kind ?? null,
    positionSeconds: position?.kind === 'video' ? position.seconds : null,
    positionPage: position?.kind === 'pdf' ? position.page : null,
  };
}

const withPlace = {
  note: notes,
  courseTitle: courses.title,
  lessonTitle: lessons.title,
};
const selectWithPlace = (db: Db) =>
  db
    .select(withPlace)
    .from(notes)
    .innerJoin(courses, eq(courses.id, notes.courseId))
    .leftJoin(lessons, eq(lessons.id, notes.lessonId))
    .leftJoin(courseModules, eq(courseModules.id, lessons.moduleId));
const flatten = (row: { note: NoteRow; courseTitle: string; lessonTitle: string | null }): NoteWithPlace => ({
  ...row.note,
  courseTitle: row.courseTitle,
  lessonTitle: row.lessonTitle,
});

async function findNote(db: Db, userId: string, noteId: string): Promise<NoteWithPlace | undefined> {
  const [row] = await selectWithPlace(db).where(and(eq(notes.id, noteId), eq(notes.userId, userId)));
  return row ? flatten(row) : undefined;
}

type ListOptions = { q?: string; courseId?: string; lessonId?: string; limit?: number; order?: 'relevance' | 'place' };

/**
 * The learner's notes in course and lesson order, or by relevance for a search: full-text words first, then
 * any note containing the text as typed (which also finds parts of words and text in any script).
 */
async function listNotes(
  db: Db,
  userId: string,
  { q, courseId, lessonId, limit = NOTE_LIST_LIMIT, order: ordering = 'relevance' }: ListOptions,
): Promise<{ notes: NoteWithPlace[]; truncated: boolean }> {
  const filters: (SQL | undefined)[] = [
    eq(notes.userId, userId),
    courseId ? eq(notes.courseId, courseId) : undefined,
    lessonId ? eq(notes.lessonId, lessonId) : undefined,
  ];
  const search = q?.trim();
  const query = sql`websearch_to_tsquery('simple', ${search ?? ''})`;
  if (search) {
    filters.push(sql`(${notes.searchVector} @@ ${query} or ${notes.body} ilike ${likePattern(search)})`);
  }
  const order =
    search && ordering === 'relevance'
      ? [desc(sql`ts_rank(${notes.searchVector}, ${query})`), desc(notes.updatedAt)]
      : [
          asc(courses.title),
          asc(courses.id),
          sql`${courseModules.position} asc nulls last`,
          sql`${lessons.position} asc nulls last`,
          asc(notes.lessonId),
          asc(notes.createdAt),
        ];
  const rows = await selectWithPlace(db)
    .where(and(...filters))
    .orderBy(...order)
    .limit(limit + 1);
  return { notes: rows.slice(0, limit).map(flatten), truncated: rows.length > limit };
}

/** Notes read: one, a list or search, and the lesson a note is written on. */
function createNoteReads(db: Db) {
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** The lesson a note is written on, with its course's status. */
    async findLesson(lessonId: string) {
      const [row] = await db
        .select({ lessonId: lessons.id, courseId: lessons.courseId, courseStatus: courses.status })
        .from(lessons)
        .innerJoin(courses, eq(courses.id, lessons.courseId))
        .where(eq(lessons.id, lessonId));
      return row;
    },

    async findOne(userId: string, noteId: string): Promise<NoteWithPlace | undefined> {
      return findNote(db, userId, noteId);
    },

    /**
     * The learner's notes in course and lesson order, or by relevance for a search: full-text words first, then
     * any note containing the text as typed (which also finds parts of words and text in any script).
     */
    async list(userId: string, options: ListOptions): Promise<{ notes: NoteWithPlace[]; truncated: boolean }> {
      return listNotes(db, userId, options);
    },
  };
}

/** Notes written, changed and removed. */
function createNoteWrites(db: Db) {
  return {
    async insert(
      tx: Tx,
      values: {
        userId: string;
        courseId: string;
        lessonId: string;
        body: string;
        format: NoteFormat;
        position: NotePosition | null;
      },
    ): Promise<NoteRow> {
      const { position, ...rest } = values;
      const [row] = await tx
        .insert(notes)
        .values({ ...rest, ...positionColumns(position) })
        .returning();
      if (!row) throw new Error('Note insert returned no row');
      return row;
    },

    async update(
      userId: string,
      noteId: string,
      changes: { body?: string; format?: NoteFormat; position?: NotePosition | null },
    ): Promise<NoteWithPlace | undefined> {
      const { position, ...rest } = changes;
      const [row] = await db
        .update(notes)
        .set({ ...rest, ...(position === undefined ? {} : positionColumns(position)), updatedAt: new Date() })
        .where(and(eq(notes.id, noteId), eq(notes.userId, userId)))
        .returning({ id: notes.id });
      return row ? findNote(db, userId, row.id) : undefined;
    },

    async delete(userId: string, noteId: string): Promise<boolean> {
      const rows = await db
        .delete(notes)
        .where(and(eq(notes.id, noteId), eq(notes.userId, userId)))
        .returning({ id: notes.id });
      return rows.length > 0;
    },
  };
}

/** Every read and write is scoped by the learner's id. */
export function createNotesRepository({ db }: { db: Db }) {
  return { ...createNoteReads(db), ...createNoteWrites(db) };
}
export type NotesRepository = ReturnType<typeof createNotesRepository>;
