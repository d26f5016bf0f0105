import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';
import { billingCheckoutSessions } from './billing.table.ts';

/** A code an admin made: percent off a paid checkout, or free access to a tier for some days. */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored upper-case; learners type it in any case. */
    code: text('code').notNull().unique(),
    kind: text('kind', { enum: ['percent_off', 'free_access'] }).notNull(),
    percentOff: integer('percent_off'),
    freeTier: text('free_tier', { enum: ['me', 'us', 'universal'] }),
    freeDays: integer('free_days'),
    /** The paid tiers a percent-off code applies to. */
    appliesTo: text('applies_to').array().notNull(),
    maxRedemptions: integer('max_redemptions').notNull(),
    redemptionCount: integer('redemption_count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('coupons_redemptions_check', sql`${table.redemptionCount} <= ${table.maxRedemptions}`),
    check(
      'coupons_kind_check',
      sql`(${table.kind} = 'percent_off' and ${table.percentOff} between 1 and 100) or (${table.kind} = 'free_access' and ${table.freeTier} is not null and ${table.freeDays} > 0)`,
    ),
  ],
);

/** One use of a coupon by one user; a percent-off use is tied to the checkout it discounted. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').references(() => billingCheckoutSessions.id, { onDelete: 'set null' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('coupon_redemptions_coupon_user_unique').on(table.couponId, table.userId)],
);
