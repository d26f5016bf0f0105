import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';

export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: text('tier', { enum: ['calm', 'me', 'us', 'universal'] }).notNull(),
    /** Read through `effectiveTier` (packages/shared), never on its own: past_due and canceled keep the tier a while. */
    status: text('status', { enum: ['active', 'trialing', 'past_due', 'canceled', 'expired'] }).notNull(),
    interval: text('interval', { enum: ['month', 'year'] }),
    provider: text('provider', { enum: ['free', 'sandbox', 'stripe', 'coupon', 'seed'] }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** While past_due: when the tier lapses to calm unless a payment goes through first. */
    graceEndsAt: timestamp('grace_ends_at', { withTimezone: true }),
    /** When the provider state stored here was current; an older provider event never overwrites it. */
    providerStateAt: timestamp('provider_state_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('subscriptions_tier_check', sql`${table.tier} in ('calm', 'me', 'us', 'universal')`),
    check(
      'subscriptions_status_check',
      sql`${table.status} in ('active', 'trialing', 'past_due', 'canceled', 'expired')`,
    ),
  ],
);
