import type { PaidTier } from '@portal/shared/billing';
import { and, desc, eq, inArray, isNull, lt, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptions, users } from '../../db/schema.ts';
import { billingCheckoutSessions, billingInvoices } from './billing.table.ts';
import { billingCustomers } from './billing-customers.table.ts';
import { sandboxPaymentMethods, subscriptionSchedules } from './subscription-management.table.ts';

type Interval = 'month' | 'year';

/** Subscription rows as the renewal jobs and provider events move them on; every change is conditional on the state it expects. */
export function createSubscriptionLifecycleRepository({ db }: { db: Db }) {
  return {
    async subscriptionOf(userId: string) {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      return row;
    },

    /**
     * Sandbox subscriptions and free access from coupons whose period ended by `at`, with what happens at the end
     * and the saved test card.
     */
    async dueSandboxSubscriptions(at: Date) {
      return db
        .select({
          subscription: subscriptions,
          cancelAtPeriodEnd: subscriptionSchedules.cancelAtPeriodEnd,
          nextTier: subscriptionSchedules.nextTier,
          nextInterval: subscriptionSchedules.nextInterval,
          cardLast4: sandboxPaymentMethods.last4,
        })
        .from(subscriptions)
        .leftJoin(subscriptionSchedules, eq(subscriptionSchedules.userId, subscriptions.userId))
        .leftJoin(sandboxPaymentMethods, eq(sandboxPaymentMethods.userId, subscriptions.userId))
        .where(
          and(
            or(
              and(
                eq(subscriptions.provider, 'sandbox'),
                inArray(subscriptions.status, ['active', 'past_due', 'canceled']),
              ),
              and(eq(subscriptions.provider, 'coupon'), inArray(subscriptions.status, ['active', 'trialing'])),
            ),
            lte(subscriptions.currentPeriodEnd, at),
          ),
        )
        .limit(500);
    },

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

    async userOfStripeSubscription(subscriptionId: string): Promise<string | null> {
      const [row] = await db
        .select({ userId: billingCustomers.userId })
        .from(billingCustomers)
        .where(eq(billingCustomers.stripeSubscriptionId, subscriptionId));
      return row?.userId ?? null;
    },

    async customerOf(userId: string) {
      const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
      return row;
    },

    /** The language the user last paid in, for notices that follow no request. */
    async languageOf(userId: string): Promise<string | null> {
      const [session] = await db
        .select({ language: billingCheckoutSessions.language })
        .from(billingCheckoutSessions)
        .where(eq(billingCheckoutSessions.userId, userId))
        .orderBy(desc(billingCheckoutSessions.createdAt))
        .limit(1);
      return session?.language ?? (await this.customerOf(userId))?.language ?? null;
    },

    async emailOf(userId: string): Promise<string | null> {
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return user?.email ?? null;
    },
  };
}
export type SubscriptionLifecycleRepository = ReturnType<typeof createSubscriptionLifecycleRepository>;
