import { COURSE_STATUSES, LESSON_KINDS, type QuestionKind } from '@portal/shared/course-rules';
import { TIERS } from '@portal/shared/tiers';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';

/** A stored upload: where the bytes live in the blob store and what they are. */
export type StoredFile = { key: string; file_name: string; content_type: string; size_bytes: number };

export type StoredQuizQuestion = {
  id: string;
  kind: QuestionKind;
  prompt: string;
  choices: { id: string; text: string; correct: boolean }[];
  feedback_correct: string;
  feedback_incorrect: string;
};

/** Lesson content as stored, per kind; length and page count live in their own columns. */
export type StoredLessonContent =
  | { kind: 'text'; markdown: string; html: string }
  | { kind: 'video'; source: 'url'; url: string }
  | { kind: 'video'; source: 'upload'; file: StoredFile | null }
  | { kind: 'pdf'; file: StoredFile | null }
  | { kind: 'quiz'; pass_mark: number; questions: StoredQuizQuestion[] }
  | { kind: 'scorm'; package_id: string };

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    coverImageKey: text('cover_image_key'),
    coverContentType: text('cover_content_type'),
    requiredTier: text('required_tier', { enum: TIERS }).notNull().default('calm'),
    status: text('status', { enum: COURSE_STATUSES }).notNull().default('draft'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('courses_required_tier_check', sql`${table.requiredTier} in (${inList(TIERS)})`),
    check('courses_status_check', sql`${table.status} in (${inList(COURSE_STATUSES)})`),
    index('courses_status_idx').on(table.status),
  ],
);

export const courseModules = pgTable(
  'course_modules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    prerequisiteModuleId: uuid('prerequisite_module_id').references((): AnyPgColumn => courseModules.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('course_modules_course_position_idx').on(table.courseId, table.position),
    check('course_modules_not_own_prerequisite_check', sql`${table.prerequisiteModuleId} is distinct from ${table.id}`),
  ],
);

export const lessons = pgTable(
  'lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => courseModules.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind', { enum: LESSON_KINDS }).notNull(),
    title: text('title').notNull(),
    content: jsonb('content').$type<StoredLessonContent>().notNull(),
    /** Video length, or estimated reading time of a text lesson. */
    durationSeconds: real('duration_seconds'),
    pageCount: integer('page_count'),
    /** The SCORM package a scorm lesson embeds (no foreign key: packages live in their own module). */
    scormPackageId: uuid('scorm_package_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('lessons_kind_check', sql`${table.kind} in (${inList(LESSON_KINDS)})`),
    index('lessons_module_position_idx').on(table.moduleId, table.position),
    index('lessons_course_idx').on(table.courseId),
    index('lessons_scorm_package_idx').on(table.scormPackageId).where(sql`${table.scormPackageId} is not null`),
  ],
);
