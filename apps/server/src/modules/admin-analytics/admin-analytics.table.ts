import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';

/** Nudge mails admins sent to at-risk learners; the newest one per learner decides when the next may go. */
export const learnerNudges = pgTable(
  'learner_nudges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentBy: text('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('learner_nudges_user_created_idx').on(table.userId, table.createdAt)],
);
