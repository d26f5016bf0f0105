import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';

/** A seat of a shared "us" plan: an invitation by email, then the member who accepted it. */
export const sharedPlanSeats = pgTable(
  'shared_plan_seats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased address the invitation went to; the accepting account must have it. */
    email: text('email').notNull(),
    memberId: text('member_id').references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'active', 'revoked', 'removed', 'left'] }).notNull(),
    /** SHA-256 of the accept link's token; a resend replaces it. */
    tokenHash: text('token_hash').notNull(),
    language: text('language').notNull(),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Set once the member was told the owner's plan ended; cleared when the owner's plan gives access again. */
    lapseNoticeAt: timestamp('lapse_notice_at', { withTimezone: true }),
  },
  (table) => [
    index('shared_plan_seats_owner_idx').on(table.ownerId),
    uniqueIndex('shared_plan_seats_token_unique').on(table.tokenHash),
    uniqueIndex('shared_plan_seats_open_email_unique')
      .on(table.ownerId, table.email)
      .where(sql`${table.status} in ('pending', 'active')`),
    uniqueIndex('shared_plan_seats_active_member_unique').on(table.memberId).where(sql`${table.status} = 'active'`),
  ],
);
