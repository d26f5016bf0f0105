import { type PaidTier, type PlanPrices, SANDBOX_CARDS } from '@portal/shared/billing';
import { graceEndFrom } from '@portal/shared/subscription-access';
import { type LifecycleEvent, periodEndFrom } from './billing.provider.ts';
import type { SubscriptionLifecycleRepository } from './subscription-lifecycle.repository.ts';

type DueSubscription = Awaited<ReturnType<SubscriptionLifecycleRepository['dueSandboxSubscriptions']>>[number];

/** Saved test cards whose renewal charge is declined. */
const DECLINING_LAST4 = new Set([SANDBOX_CARDS.declined.slice(-4), SANDBOX_CARDS.declinesLater.slice(-4)]);

/** The next period charged to the saved test card, with a scheduled plan change applied. */
function sandboxRenewal(renewal: {
  due: DueSubscription;
  tier: PaidTier;
  periodEnd: Date;
  at: Date;
  prices: PlanPrices;
}): LifecycleEvent {
  const { due, periodEnd, at, prices } = renewal;
  const { subscription, nextTier, nextInterval } = due;
  const { userId } = subscription;
  const key = `${userId}_${periodEnd.getTime()}`;
  const next: PaidTier = nextTier ?? renewal.tier;
  const interval = nextInterval ?? subscription.interval ?? 'month';
  const price = prices[next][interval];
  return {
    id: `evt_renewal_${key}`,
    type: 'renewal.paid',
    created: at,
    userId,
    invoiceId: `in_renewal_${key}`,
    tier: next,
    interval,
    amount: price.amount,
    currency: price.currency,
    periodStart: periodEnd,
    periodEnd: periodEndFrom(periodEnd, interval),
  };
}

/** What the sandbox provider does at `at` for one subscription whose period ended; nothing while a declined renewal waits. */
export function dueSandboxEventsOf(due: DueSubscription, at: Date, prices: PlanPrices): LifecycleEvent[] {
  const { subscription, cancelAtPeriodEnd, cardLast4 } = due;
  const { userId, currentPeriodEnd, tier } = subscription;
  if (!currentPeriodEnd || tier === 'calm') return [];
  const key = `${userId}_${currentPeriodEnd.getTime()}`;
  // Free access from a coupon has no card to charge: it ends when its days are over.
  if (subscription.provider === 'coupon') {
    return [{ id: `evt_ended_${key}`, type: 'subscription.ended', created: at, userId, reason: 'free_access' }];
  }
  if (cancelAtPeriodEnd || subscription.status === 'canceled') {
    return [{ id: `evt_ended_${key}`, type: 'subscription.ended', created: at, userId, reason: 'canceled' }];
  }
  const pastDue = subscription.status === 'past_due';
  if (pastDue && (subscription.graceEndsAt ?? graceEndFrom(currentPeriodEnd)) <= at) {
    return [{ id: `evt_ended_${key}`, type: 'subscription.ended', created: at, userId, reason: 'unpaid' }];
  }
  if (cardLast4 && DECLINING_LAST4.has(cardLast4)) {
    if (pastDue) return [];
    const failed = `evt_renewal_failed_${key}`;
    return [{ id: failed, type: 'renewal.failed', created: at, userId, periodEnd: currentPeriodEnd }];
  }
  return [sandboxRenewal({ due, tier, periodEnd: currentPeriodEnd, at, prices })];
}
