import type { Tier } from '@portal/shared/tiers';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptions } from './subscription.table.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export function createSubscriptionRepository({ db }: { db: Db }) {
  return {
    async findByUserId(userId: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      return row;
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
