import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';

/**
 * One row per user (a trigger on `users` inserts it, so the admin list can join it without gaps): when the user was
 * last active (a signed-in request, at most one write per user every few minutes) and whether an admin suspended
 * the account. The 0014_admin_users migration adds the indexes the list relies on to `users`: a pg_trgm GIN index
 * over name, email and phone, and `lower(name)`, `lower(email)` and `created_at` keyset indexes.
 */
export const accountStates = pgTable(
  'account_states',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** The admin who suspended the account (no foreign key: the admin's account may go first). */
    suspendedBy: text('suspended_by'),
    /**
     * Copies kept by triggers so the admin list filters on one row per user: the effective role (user_roles), the
     * plan as `effectiveTier` reads it (subscriptions, subscription_schedules) and beta access (profiles).
     */
    role: text('role', { enum: ['admin', 'instructor', 'learner'] })
      .notNull()
      .default('learner'),
    planTier: text('plan_tier', { enum: ['calm', 'me', 'us', 'universal'] }),
    planStatus: text('plan_status', { enum: ['active', 'trialing', 'past_due', 'canceled', 'expired'] }),
    planPeriodEnd: timestamp('plan_period_end', { withTimezone: true }),
    planGraceEndsAt: timestamp('plan_grace_ends_at', { withTimezone: true }),
    planCancelAtPeriodEnd: boolean('plan_cancel_at_period_end').notNull().default(false),
    betaAccess: boolean('beta_access').notNull().default(false),
  },
  (table) => [
    index('account_states_last_active_idx').on(table.lastActiveAt, table.userId),
    index('account_states_role_idx').on(table.role, table.userId),
    index('account_states_plan_tier_idx').on(table.planTier, table.userId),
    index('account_states_beta_idx').on(table.userId).where(sql`${table.betaAccess}`),
    index('account_states_suspended_idx').on(table.userId).where(sql`${table.suspendedAt} is not null`),
  ],
);
