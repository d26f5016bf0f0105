import { LESSON_PROGRESS_STATUSES, type WatchedRange } from '@portal/shared/progress';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';
import { courseModules, courses, lessons } from '../courses/courses.table.ts';

/** One learner's state in one lesson. */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    status: text('status', { enum: LESSON_PROGRESS_STATUSES }).notNull().default('in_progress'),
    /** Video seconds or PDF page to resume at. */
    position: real('position'),
    watchedRanges: jsonb('watched_ranges').$type<WatchedRange[]>().notNull().default([]),
    watchedSeconds: real('watched_seconds').notNull().default(0),
    /** Highest PDF page reached. */
    maxPage: integer('max_page'),
    timeSpentSeconds: integer('time_spent_seconds').notNull().default(0),
    firstOpenedAt: timestamp('first_opened_at', { withTimezone: true }),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the last video report arrived: the start of the wall-time budget for the next one. */
    lastReportAt: timestamp('last_report_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    bestScore: integer('best_score'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.lessonId] }),
    check('lesson_progress_status_check', sql`${table.status} in ('not_started', 'in_progress', 'completed')`),
    index('lesson_progress_user_course_idx').on(table.userId, table.courseId),
    index('lesson_progress_lesson_idx').on(table.lessonId),
  ],
);

/** One learner's standing in one course: started, last lesson, completion. Percent is kept current on each change. */
export const courseProgress = pgTable(
  'course_progress',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    percent: integer('percent').notNull().default(0),
    lessonsCompleted: integer('lessons_completed').notNull().default(0),
    lessonsTotal: integer('lessons_total').notNull().default(0),
    lastLessonId: uuid('last_lesson_id').references(() => lessons.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.courseId] }),
    index('course_progress_user_activity_idx').on(table.userId, table.lastActivityAt),
  ],
);

/** Modules a learner completed; the row is what makes module.completed happen once. */
export const moduleCompletions = pgTable(
  'module_completions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => courseModules.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.moduleId] })],
);

/** Graded quiz submissions. */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    passed: boolean('passed').notNull(),
    passMark: integer('pass_mark').notNull(),
    /** Per question: selected and correct choice ids, correctness and the feedback shown. */
    results: jsonb('results')
      .$type<
        {
          question_id: string;
          correct: boolean;
          selected_choice_ids: string[];
          correct_choice_ids: string[];
          feedback: string;
        }[]
      >()
      .notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('quiz_attempts_user_lesson_idx').on(table.userId, table.lessonId, table.submittedAt),
    index('quiz_attempts_user_submitted_idx').on(table.userId, table.submittedAt),
  ],
);
