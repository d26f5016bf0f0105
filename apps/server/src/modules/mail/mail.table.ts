import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every message the product sends; delivered by SMTP when configured, otherwise kept for the dev mailbox. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (table) => [index('mail_outbox_created_idx').on(table.createdAt)],
);
