import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';

/** Transactional outbox: events are written with the change that caused them and delivered after commit. */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: text('subject_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (table) => [
    index('domain_events_pending_idx')
      .on(table.availableAt)
      .where(sql`${table.deliveredAt} is null and ${table.failedAt} is null`),
    index('domain_events_user_type_idx').on(table.userId, table.type, table.occurredAt),
    // One event of a learner by its subject (the XP award a client asks for checks that it happened): by the type
    // alone, a learner's hundreds of lesson completions were each read from their own page to find one.
    index('domain_events_user_subject_idx').on(table.userId, table.type, table.subjectId, table.occurredAt),
  ],
);
