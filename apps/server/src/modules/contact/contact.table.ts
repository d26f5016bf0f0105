import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';

/**
 * A message sent through the contact form. Fields are stored exactly as typed (markup included) and only ever
 * shown as text. A signed-in sender's messages go with their account.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Lower-cased, so the hourly limit per address cannot be dodged by changing case. */
    email: text('email').notNull(),
    topic: text('topic', { enum: ['account', 'billing', 'courses', 'accessibility', 'privacy', 'other'] }).notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: ['new', 'answered', 'closed'] })
      .notNull()
      .default('new'),
    /** The interface language the sender wrote in; replies are framed in it. */
    language: text('language').notNull(),
    /** A keyed hash of the sender's network address, enough for the hourly limit and nothing more. */
    senderAddressHash: text('sender_address_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('contact_messages_status_created_idx').on(table.status, table.createdAt.desc(), table.id.desc()),
    index('contact_messages_email_created_idx').on(table.email, table.createdAt),
    index('contact_messages_address_created_idx').on(table.senderAddressHash, table.createdAt),
    index('contact_messages_user_idx').on(table.userId),
    check('contact_messages_status_check', sql`${table.status} in ('new', 'answered', 'closed')`),
  ],
);

/** An admin's answer to a contact message, as it was mailed to the sender. */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    adminId: text('admin_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('contact_replies_message_created_idx').on(table.messageId, table.createdAt)],
);
