import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';

/** Who a user is at Stripe, so webhooks that name only a customer or a subscription find the user. */
export const billingCustomers = pgTable('billing_customers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').unique(),
  stripeSubscriptionId: text('stripe_subscription_id').unique(),
  /** The interface language the user paid in; renewal and lapse notices are written in it. */
  language: text('language').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
