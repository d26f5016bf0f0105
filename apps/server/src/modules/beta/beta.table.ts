import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';

/** An update an admin posted to the beta users; the title and message are stored exactly as typed. */
export const betaUpdates = pgTable(
  'beta_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: text('type', { enum: ['success', 'warning', 'feature', 'info'] }).notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (table) => [
    check('beta_updates_type_check', sql`${table.type} in ('success', 'warning', 'feature', 'info')`),
    index('beta_updates_created_idx').on(table.createdAt),
  ],
);

/** What one beta user saw of one update: the toast shown live, and when it was marked read. */
export const betaUpdateReceipts = pgTable(
  'beta_update_receipts',
  {
    updateId: uuid('update_id')
      .notNull()
      .references(() => betaUpdates.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.updateId, table.userId] }),
    index('beta_update_receipts_user_idx').on(table.userId),
  ],
);
