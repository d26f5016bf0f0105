import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';

/** How well a parameter set predicted the learner's recalls, measured on their own review log. */
export type OptimizerMetrics = {
  before: { logLoss: number; rmse: number };
  after: { logLoss: number; rmse: number };
  expectedRetention: { before: number; after: number };
  actualRetention: number;
};

/** The learner's latest parameter optimization: running, or what it found (the weights go to their settings). */
export const flashcardOptimizerRuns = pgTable(
  'flashcard_optimizer_runs',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['running', 'optimized', 'failed'] }).notNull(),
    reviewCount: integer('review_count').notNull(),
    metrics: jsonb('metrics').$type<OptimizerMetrics>(),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    check('flashcard_optimizer_runs_status_check', sql`${table.status} in ('running', 'optimized', 'failed')`),
  ],
);
