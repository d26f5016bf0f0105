import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Failed password sign-ins per account (or per unknown address), so a lock holds across instances and restarts. */
export const signInLockouts = pgTable(
  'sign_in_lockouts',
  {
    /** `user:<id>` for an account, `login:<address or number>` when no account matches. */
    subject: text('subject').primaryKey(),
    failures: integer('failures').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [index('sign_in_lockouts_window_idx').on(table.windowStartedAt)],
);
