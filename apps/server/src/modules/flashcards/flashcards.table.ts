import { FLASHCARD_SOURCE_KINDS } from '@portal/shared/flashcards';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';
import { courses, lessons } from '../courses/courses.table.ts';

const userId = () =>
  text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const flashcardDecks = pgTable(
  'flashcard_decks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    name: text('name').notNull(),
    /** A course deck: its learners study its cards (read-only) with their own scheduling. */
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('flashcard_decks_user_idx').on(table.userId),
    index('flashcard_decks_course_idx').on(table.courseId).where(sql`${table.courseId} is not null`),
  ],
);

/** What the learner writes; its cards are generated from it (one, or one per cloze number). */
export const flashcardNotes = pgTable(
  'flashcard_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    deckId: uuid('deck_id')
      .notNull()
      .references(() => flashcardDecks.id, { onDelete: 'cascade' }),
    front: text('front').notNull(),
    back: text('back').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Where a one-click card came from: a note, a lesson passage, a quiz question or a SCORM interaction. */
    sourceKind: text('source_kind', { enum: FLASHCARD_SOURCE_KINDS }),
    /** Identifies the source (e.g. `quiz:<lesson>:<question>`), so the same mistake is carded once. */
    sourceKey: text('source_key'),
    lessonId: uuid('lesson_id').references(() => lessons.id, { onDelete: 'set null' }),
    sourceCourseId: uuid('source_course_id').references(() => courses.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('flashcard_notes_user_deck_idx').on(table.userId, table.deckId),
    index('flashcard_notes_tags_idx').using('gin', table.tags),
    uniqueIndex('flashcard_notes_user_source_idx')
      .on(table.userId, table.sourceKey)
      .where(sql`${table.sourceKey} is not null`),
  ],
);

/**
 * One schedulable card with its FSRS memory state; `ordinal` is the cloze number, 0 for a front/back card. A note
 * of a course deck has one card per learner studying it, each with its own state.
 */
export const flashcardCards = pgTable(
  'flashcard_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    deckId: uuid('deck_id')
      .notNull()
      .references(() => flashcardDecks.id, { onDelete: 'cascade' }),
    noteId: uuid('note_id')
      .notNull()
      .references(() => flashcardNotes.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    suspended: boolean('suspended').notNull().default(false),
    buriedUntil: timestamp('buried_until', { withTimezone: true }),
    /** 0 new, 1 learning, 2 review, 3 relearning (ts-fsrs' State). */
    state: integer('state').notNull().default(0),
    due: timestamp('due', { withTimezone: true }).notNull().defaultNow(),
    stability: doublePrecision('stability').notNull().default(0),
    difficulty: doublePrecision('difficulty').notNull().default(0),
    elapsedDays: integer('elapsed_days').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    lastReview: timestamp('last_review', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('flashcard_cards_user_note_ordinal_idx').on(table.userId, table.noteId, table.ordinal),
    index('flashcard_cards_note_idx').on(table.noteId, table.ordinal),
    // Also covers the queue counts and the learner's decks (index-only): the columns those filters read.
    index('flashcard_cards_user_due_idx').on(
      table.userId,
      table.state,
      table.due,
      table.suspended,
      table.buriedUntil,
      table.deckId,
    ),
    // The queue's learning cards in due order, and its new cards in the order they were added.
    index('flashcard_cards_user_learning_idx')
      .on(table.userId, table.due, table.id)
      .where(sql`${table.state} in (1, 3)`),
    index('flashcard_cards_user_new_idx')
      .on(table.userId, table.createdAt, table.ordinal, table.id)
      .where(sql`${table.state} = 0`),
    index('flashcard_cards_deck_idx').on(table.deckId),
    check('flashcard_cards_state_check', sql`${table.state} between 0 and 3`),
  ],
);

/** Every rating; `cardBefore` is the card's state before it, so the last rating can be undone exactly. */
export const flashcardReviewLogs = pgTable(
  'flashcard_review_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => flashcardCards.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    /** The card's state before this rating. */
    state: integer('state').notNull(),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    lastElapsedDays: integer('last_elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    learningSteps: integer('learning_steps').notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms'),
    idempotencyKey: text('idempotency_key').notNull(),
    cardBefore: jsonb('card_before').$type<Record<string, unknown>>().notNull(),
  },
  (table) => [
    uniqueIndex('flashcard_review_logs_key_idx').on(table.userId, table.idempotencyKey),
    // The columns after the time let the daily counts and the stats read the index alone.
    index('flashcard_review_logs_user_time_idx').on(
      table.userId,
      table.reviewedAt,
      table.state,
      table.rating,
      table.scheduledDays,
      table.durationMs,
      table.cardId,
    ),
    index('flashcard_review_logs_card_idx').on(table.cardId, table.reviewedAt),
    check('flashcard_review_logs_rating_check', sql`${table.rating} between 1 and 4`),
  ],
);

export const flashcardSettings = pgTable(
  'flashcard_settings',
  {
    userId: userId().primaryKey(),
    desiredRetention: doublePrecision('desired_retention').notNull(),
    newPerDay: integer('new_per_day').notNull(),
    reviewsPerDay: integer('reviews_per_day').notNull(),
    /** FSRS weights fitted from the learner's own reviews; null schedules with the FSRS-6 defaults. */
    weights: doublePrecision('weights').array(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('flashcard_settings_retention_check', sql`${table.desiredRetention} between 0.7 and 0.97`)],
);
