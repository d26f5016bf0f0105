import { and, desc, eq, inArray, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptions, users } from '../../db/schema.ts';
import { billingCheckoutSessions } from './billing.table.ts';
import { billingCustomers } from './billing-customers.table.ts';
import { sandboxPaymentMethods, subscriptionSchedules } from './subscription-management.table.ts';

const DUE_SANDBOX_COLUMNS = {
  subscription: subscriptions,
  cancelAtPeriodEnd: subscriptionSchedules.cancelAtPeriodEnd,
  nextTier: subscriptionSchedules.nextTier,
  nextInterval: subscriptionSchedules.nextInterval,
  cardLast4: sandboxPaymentMethods.last4,
};

/** Sandbox plans that renew or end, and free access from coupons, whose period ended by `at`. */
function dueSandboxCondition(at: Date) {
  return and(
    or(
      and(eq(subscriptions.provider, 'sandbox'), inArray(subscriptions.status, ['active', 'past_due', 'canceled'])),
      and(eq(subscriptions.provider, 'coupon'), inArray(subscriptions.status, ['active', 'trialing'])),
    ),
    lte(subscriptions.currentPeriodEnd, at),
  );
}

/** The subscription rows the lifecycle reads. */
export function createLifecyclePlanReads({ db }: { db: Db }) {
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
        .select(DUE_SANDBOX_COLUMNS)
        .from(subscriptions)
        .leftJoin(subscriptionSchedules, eq(subscriptionSchedules.userId, subscriptions.userId))
        .leftJoin(sandboxPaymentMethods, eq(sandboxPaymentMethods.userId, subscriptions.userId))
        .where(dueSandboxCondition(at))
        .limit(500);
    },
  };
}

/** Who the user is at Stripe and how to reach them with a notice. */
export function createLifecycleCustomerReads({ db }: { db: Db }) {
  async function customerOf(userId: string) {
    const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
    return row;
  }

  return {
    async userOfStripeSubscription(subscriptionId: string): Promise<string | null> {
      const [row] = await db
        .select({ userId: billingCustomers.userId })
        .from(billingCustomers)
        .where(eq(billingCustomers.stripeSubscriptionId, subscriptionId));
      return row?.userId ?? null;
    },

    customerOf,

    /** The language the user last paid in, for notices that follow no request. */
    async languageOf(userId: string): Promise<string | null> {
      const [session] = await db
        .select({ language: billingCheckoutSessions.language })
        .from(billingCheckoutSessions)
        .where(eq(billingCheckoutSessions.userId, userId))
        .orderBy(desc(billingCheckoutSessions.createdAt))
        .limit(1);
      return session?.language ?? (await customerOf(userId))?.language ?? null;
    },

    async emailOf(userId: string): Promise<string | null> {
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return user?.email ?? null;
    },
  };
}
