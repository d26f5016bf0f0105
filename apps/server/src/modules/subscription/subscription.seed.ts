import type { Tier } from '@portal/shared/tiers';
import type { Db } from '../../db/client.ts';
import { createSubscriptionRepository } from './subscription.repository.ts';

/** A yearly demo plan of `tier`, unless the account already has a subscription. */
export async function seedDemoSubscription({ db, userId, tier }: { db: Db; userId: string; tier: Tier }) {
  const subscriptions = createSubscriptionRepository({ db });
  if (await subscriptions.findByUserId(userId)) return;
  await subscriptions.activate(userId, { tier, provider: 'seed', interval: 'year' });
}
