import type { Tier } from '@portal/shared/tiers';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptionSchedules } from '../../db/schema.ts';
import { subscriptions } from './subscription.table.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export function createSubscriptionRepository({ db }: { db: Db }) {
  return {
    async findByUserId(userId: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      return row;
    },
    /** The subscription with what access also depends on: whether it ends at its period end. */
    async findAccessByUserId(userId: string) {
      const [row] = await db
        .select({ subscription: subscriptions, cancelAtPeriodEnd: subscriptionSchedules.cancelAtPeriodEnd })
        .from(subscriptions)
        .leftJoin(subscriptionSchedules, eq(subscriptionSchedules.userId, subscriptions.userId))
        .where(eq(subscriptions.userId, userId));
      return row && { subscription: row.subscription, cancelAtPeriodEnd: row.cancelAtPeriodEnd ?? false };
    },
    async activate(
      userId: string,
      plan: {
        tier: Tier;
        provider: SubscriptionRow['provider'];
        interval?: SubscriptionRow['interval'];
        currentPeriodEnd?: Date | null;
      },
    ) {
      const values = {
        tier: plan.tier,
        status: 'active' as const,
        provider: plan.provider,
        interval: plan.interval ?? null,
        currentPeriodEnd: plan.currentPeriodEnd ?? null,
        graceEndsAt: null,
        updatedAt: new Date(),
      };
      const [row] = await db
        .insert(subscriptions)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: subscriptions.userId, set: values })
        .returning();
      if (!row) throw new Error('Subscription upsert returned no row');
      return row;
    },
  };
}
export type SubscriptionRepository = ReturnType<typeof createSubscriptionRepository>;
