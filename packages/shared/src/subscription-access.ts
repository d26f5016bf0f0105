import type { Tier } from './tiers.ts';

export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'expired'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATUSES)[number];

/** Days a subscription whose renewal failed keeps its tier (past_due) before it falls to calm. */
export const PAYMENT_GRACE_DAYS = 7;
/** How long an active plan past its period end keeps its tier while the renewal is under way (job or provider). */
export const RENEWAL_LEEWAY_HOURS = 24;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The stored subscription, as far as access depends on it. Dates may be Date objects or ISO strings. */
export type SubscriptionAccessInput = {
  tier: Tier;
  status: SubscriptionState;
  currentPeriodEnd: Date | string | null;
  /** While past_due: when the tier lapses. Without it, PAYMENT_GRACE_DAYS after the period end. */
  graceEndsAt?: Date | string | null;
  /** A cancellation (or a plan that ends) at the period end: no renewal leeway. */
  cancelAtPeriodEnd?: boolean;
};

const time = (value: Date | string) => (typeof value === 'string' ? Date.parse(value) : value.getTime());

/** The end of the grace period of a renewal that failed at `periodEnd`. */
export function graceEndFrom(periodEnd: Date): Date {
  return new Date(periodEnd.getTime() + PAYMENT_GRACE_DAYS * DAY_MS);
}

/**
 * The tier a subscription grants at `now`, or null when the user has no plan at all. This is the one rule every
 * access check follows: active and trialing keep the tier through the period (active also through the renewal
 * leeway unless it ends at period end), past_due keeps it until the grace period ends, canceled keeps it until the
 * period end; after that, and when expired, the user is on calm.
 */
export function effectiveTier(subscription: SubscriptionAccessInput | null | undefined, now: Date): Tier | null {
  if (!subscription) return null;
  const { tier, status, currentPeriodEnd } = subscription;
  if (tier === 'calm' || status === 'expired') return 'calm';
  const at = now.getTime();
  const periodEnd = currentPeriodEnd === null ? null : time(currentPeriodEnd);
  switch (status) {
    case 'active': {
      if (periodEnd === null) return tier;
      const leeway = subscription.cancelAtPeriodEnd ? 0 : RENEWAL_LEEWAY_HOURS * HOUR_MS;
      return at < periodEnd + leeway ? tier : 'calm';
    }
    case 'past_due': {
      const graceEnd = subscription.graceEndsAt
        ? time(subscription.graceEndsAt)
        : periodEnd === null
          ? null
          : periodEnd + PAYMENT_GRACE_DAYS * DAY_MS;
      return graceEnd === null || at < graceEnd ? tier : 'calm';
    }
    case 'trialing':
      return periodEnd === null || at < periodEnd ? tier : 'calm';
    default:
      return periodEnd !== null && at < periodEnd ? tier : 'calm';
  }
}
