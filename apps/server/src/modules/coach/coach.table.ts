import type { Citation, Proposal } from '@portal/shared/coach';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';

/** A question the coach asked ("quiz me"); the learner's next message in the conversation is graded against it. */
export type PendingQuiz = {
  question: string;
  /** Choices of a course quiz question, or none for a flashcard (then `answer` is its back). */
  choices: { label: string; text: string }[];
  correct: string[];
  answer: string;
  feedback: string;
  feedbackWrong: string;
  lesson: { lessonId: string; courseId: string; lessonTitle: string; courseTitle: string } | null;
};

export const coachConversations = pgTable(
  'coach_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('coach_conversations_user_idx').on(table.userId, table.updatedAt)],
);

export const coachMessages = pgTable(
  'coach_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => coachConversations.id, { onDelete: 'cascade' }),
    /** Copied from the conversation so every read can be scoped by the learner. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    /** `stopped`: the learner stopped the answer; what was said so far is kept. */
    status: text('status', { enum: ['complete', 'stopped'] })
      .notNull()
      .default('complete'),
    citations: jsonb('citations').$type<Citation[]>().notNull().default(sql`'[]'::jsonb`),
    proposals: jsonb('proposals').$type<Proposal[]>().notNull().default(sql`'[]'::jsonb`),
    quiz: jsonb('quiz').$type<PendingQuiz>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('coach_messages_role_check', sql`${table.role} in ('user', 'assistant')`),
    check('coach_messages_status_check', sql`${table.status} in ('complete', 'stopped')`),
    index('coach_messages_conversation_idx').on(table.conversationId, table.createdAt),
    index('coach_messages_user_idx').on(table.userId),
  ],
);

/** Messages answered per learner and local day; a message the provider failed on is given back. */
export const coachDailyUsage = pgTable(
  'coach_daily_usage',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    messages: integer('messages').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);
