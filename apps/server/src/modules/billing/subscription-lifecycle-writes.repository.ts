import type { PaidTier } from '@portal/shared/billing';
import { and, eq, inArray, isNull, lt, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptions } from '../../db/schema.ts';
import { billingInvoices } from './billing.table.ts';
import { billingCustomers } from './billing-customers.table.ts';
import { subscriptionSchedules } from './subscription-management.table.ts';

type Interval = 'month' | 'year';

/** Renewals and the provider's latest state: each moves the period on only past what is stored. */
export function createLifecyclePeriodWrites({ db }: { db: Db }) {
  return {
    /** Moves the plan on to a paid period; a period that does not reach past the stored one changes nothing. */
    async renew(
      userId: string,
      plan: { tier: PaidTier; interval: Interval; periodEnd: Date; stateAt: Date | null },
      at: Date,
    ) {
      const [row] = await db
        .update(subscriptions)
        .set({
          tier: plan.tier,
          interval: plan.interval,
          status: 'active',
          currentPeriodEnd: plan.periodEnd,
          graceEndsAt: null,
          ...(plan.stateAt ? { providerStateAt: plan.stateAt } : {}),
          updatedAt: at,
        })
        .where(
          and(
            eq(subscriptions.userId, userId),
            or(isNull(subscriptions.currentPeriodEnd), lt(subscriptions.currentPeriodEnd, plan.periodEnd)),
          ),
        )
        .returning();
      return row;
    },

    /** Stores the provider's latest state unless a newer one is stored already. */
    async storeProviderState(
      userId: string,
      state: { tier: PaidTier; interval: Interval; currentPeriodEnd: Date; status: 'active' | 'trialing' | 'past_due' },
      stateAt: Date,
    ) {
      const [row] = await db
        .update(subscriptions)
        .set({ ...state, providerStateAt: stateAt, updatedAt: stateAt })
        .where(
          and(
            eq(subscriptions.userId, userId),
            or(isNull(subscriptions.providerStateAt), lte(subscriptions.providerStateAt, stateAt)),
          ),
        )
        .returning();
      return row;
    },
  };
}

/** A plan falling behind on payment or ending. */
export function createLifecycleStatusWrites({ db }: { db: Db }) {
  return {
    /** An unpaid renewal: past_due until `graceEndsAt`; only a subscription that is not past_due already moves. */
    async markPastDue(userId: string, graceEndsAt: Date, at: Date) {
      const [row] = await db
        .update(subscriptions)
        .set({ status: 'past_due', graceEndsAt, updatedAt: at })
        .where(
          and(
            eq(subscriptions.userId, userId),
            inArray(subscriptions.status, ['active', 'trialing']),
            ne(subscriptions.tier, 'calm'),
          ),
        )
        .returning();
      return row;
    },

    /** The plan ended: the user is on calm from now on (effectiveTier of `expired`). */
    async end(userId: string, at: Date) {
      const [row] = await db
        .update(subscriptions)
        .set({ status: 'expired', graceEndsAt: null, updatedAt: at })
        .where(
          and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'expired'), ne(subscriptions.tier, 'calm')),
        )
        .returning();
      return row;
    },
  };
}

/** What is scheduled for the period end. */
export function createLifecycleScheduleWrites({ db }: { db: Db }) {
  return {
    /** After the period end passed: the scheduled change took effect (or the plan ended), so nothing is pending. */
    async clearSchedule(userId: string, at: Date) {
      await db
        .update(subscriptionSchedules)
        .set({ cancelAtPeriodEnd: false, nextTier: null, nextInterval: null, updatedAt: at })
        .where(eq(subscriptionSchedules.userId, userId));
    },

    /** A cancellation made at the provider (Stripe's portal), so access and the subscription screen know of it. */
    async storeCancelAtPeriodEnd(userId: string, cancelAtPeriodEnd: boolean, at: Date) {
      await db
        .insert(subscriptionSchedules)
        .values({ userId, cancelAtPeriodEnd, updatedAt: at })
        .onConflictDoUpdate({ target: subscriptionSchedules.userId, set: { cancelAtPeriodEnd, updatedAt: at } });
    },
  };
}

/** Renewal invoices and the user's Stripe customer. */
export function createLifecycleRecordWrites({ db }: { db: Db }) {
  return {
    /** Inserts an invoice once; undefined when its id was stored before. */
    async insertInvoice(invoice: typeof billingInvoices.$inferInsert) {
      const [row] = await db.insert(billingInvoices).values(invoice).onConflictDoNothing().returning();
      return row;
    },

    async linkStripeCustomer(
      userId: string,
      ids: { stripeCustomerId: string; stripeSubscriptionId: string | null },
      language: string,
      at: Date,
    ) {
      await db
        .insert(billingCustomers)
        .values({ userId, ...ids, language, updatedAt: at })
        .onConflictDoUpdate({ target: billingCustomers.userId, set: { ...ids, updatedAt: at } });
    },
  };
}
