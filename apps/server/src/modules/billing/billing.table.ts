import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';

/** A checkout the user started: what it sells, for how much, and how far it got. */
export const billingCheckoutSessions = pgTable('billing_checkout_sessions', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
  tier: text('tier', { enum: ['me', 'us', 'universal'] }).notNull(),
  interval: text('interval', { enum: ['month', 'year'] }).notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  status: text('status', { enum: ['open', 'completed', 'canceled', 'expired'] }).notNull(),
  /** The interface language the receipt is written in. */
  language: text('language').notNull(),
  /** Set by the first payment attempt that went through; later attempts charge nothing. */
  payKey: text('pay_key'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  cancelPath: text('cancel_path').notNull(),
  /** The provider's own id of its checkout page (Stripe's Checkout Session), so a checkout replaced here ends there. */
  providerSessionId: text('provider_session_id'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Provider events already handled, by their id: a replayed event is recognised here and changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
  type: text('type').notNull(),
  sessionId: text('session_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A paid invoice: the charge and the period it pays for; one per checkout session, renewals have no session. */
export const billingInvoices = pgTable('billing_invoices', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  sessionId: text('session_id')
    .unique()
    .references(() => billingCheckoutSessions.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['sandbox', 'stripe'] })
    .notNull()
    .default('sandbox'),
  tier: text('tier', { enum: ['me', 'us', 'universal'] }).notNull(),
  interval: text('interval', { enum: ['month', 'year'] }).notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
  periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
});
