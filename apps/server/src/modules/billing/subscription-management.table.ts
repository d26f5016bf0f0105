import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';

/** What happens to a paid plan at its period end: a cancellation, or a downgrade or interval switch waiting to start. */
export const subscriptionSchedules = pgTable('subscription_schedules', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  nextTier: text('next_tier', { enum: ['me', 'us', 'universal'] }),
  nextInterval: text('next_interval', { enum: ['month', 'year'] }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The test card a sandbox subscriber pays renewals with, changed on the sandbox portal page. */
export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
