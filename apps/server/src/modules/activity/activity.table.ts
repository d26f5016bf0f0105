import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';

export const LEARNING_TIME_SOURCES = ['lesson', 'study', 'scorm'] as const;
export type LearningTimeSource = (typeof LEARNING_TIME_SOURCES)[number];

/**
 * Time spent learning, per user, source and UTC hour. Hours (not days) are kept so any time zone can group them into
 * its own days later; at most 24 rows a day per source keeps sums fast however long the history grows.
 */
export const learningTimeHourly = pgTable(
  'learning_time_hourly',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    source: text('source', { enum: LEARNING_TIME_SOURCES }).notNull(),
    seconds: integer('seconds').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.hour, table.source] }),
    check('learning_time_hourly_seconds_check', sql`${table.seconds} >= 0 and ${table.seconds} <= 3600`),
  ],
);

/** Lifetime learning time per user, kept with every addition so the total never needs a scan of the history. */
export const learningTimeTotals = pgTable('learning_time_totals', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  seconds: bigint('seconds', { mode: 'number' }).notNull().default(0),
});
