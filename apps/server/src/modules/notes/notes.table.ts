import { NOTE_FORMATS } from '@portal/shared/notes';
import { type SQL, sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';
import { courses, lessons } from '../courses/courses.table.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A learner's note on a lesson, optionally pinned to a video second or a PDF page; the text is kept as written. */
export const notes = pgTable(
  'notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** Kept when the lesson is removed, so the learner's words stay with the course. */
    lessonId: uuid('lesson_id').references(() => lessons.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    format: text('format', { enum: NOTE_FORMATS }).notNull().default('markdown'),
    positionKind: text('position_kind', { enum: ['video', 'pdf'] }),
    positionSeconds: integer('position_seconds'),
    positionPage: integer('position_page'),
    // 'simple' keeps every word as written, whatever the language of the note.
    searchVector: tsvector('search_vector').generatedAlwaysAs((): SQL => sql`to_tsvector('simple', ${notes.body})`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('notes_format_check', sql`${table.format} in ('plain', 'markdown')`),
    check(
      'notes_position_check',
      sql`(${table.positionKind} is null and ${table.positionSeconds} is null and ${table.positionPage} is null)
        or (${table.positionKind} = 'video' and ${table.positionSeconds} >= 0 and ${table.positionPage} is null)
        or (${table.positionKind} = 'pdf' and ${table.positionPage} >= 1 and ${table.positionSeconds} is null)`,
    ),
    index('notes_user_course_idx').on(table.userId, table.courseId, table.lessonId),
    index('notes_search_idx').using('gin', table.searchVector),
  ],
);
