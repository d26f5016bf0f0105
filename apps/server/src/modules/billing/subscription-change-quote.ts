import type { PaidTier, PlanPrices } from '@portal/shared/billing';
import { type Tier, tierRank } from '@portal/shared/tiers';
import { periodEndFrom } from './billing.provider.ts';

type Interval = 'month' | 'year';

/** The start of the period that ends at `end`. */
function periodStartBefore(end: Date, interval: Interval): Date {
  const start = new Date(end);
  if (interval === 'year') start.setUTCFullYear(start.getUTCFullYear() - 1);
  else start.setUTCMonth(start.getUTCMonth() - 1);
  return start;
}

/** A higher tier, or the same tier billed yearly instead of monthly, starts at once; anything else at period end. */
export function startsAtOnce(from: { tier: Tier; interval: Interval }, to: { tier: Tier; interval: Interval }) {
  const rise = tierRank(to.tier) - tierRank(from.tier);
  return rise > 0 || (rise === 0 && from.interval === 'month' && to.interval === 'year');
}

/**
 * What a plan change costs and when it takes effect. One that starts at once charges the prorated difference: for the
 * same interval, the price difference for the part of the period left; for yearly billing, the new price less what
 * is left of the old period's payment, with a new period from now. A change at the period end charges nothing now.
 */
export function quoteChange(
  prices: PlanPrices,
  current: { tier: Tier; interval: Interval; periodEnd: Date },
  target: { tier: PaidTier; interval: Interval },
  at: Date,
) {
  const price = prices[target.tier][target.interval];
  if (!startsAtOnce(current, target)) {
    return { effective: 'period_end' as const, amount: 0, currency: price.currency, startsAt: current.periodEnd };
  }
  const oldAmount = current.tier === 'calm' ? 0 : prices[current.tier][current.interval].amount;
  const start = periodStartBefore(current.periodEnd, current.interval);
  const whole = current.periodEnd.getTime() - start.getTime();
  const left = Math.min(1, Math.max(0, (current.periodEnd.getTime() - at.getTime()) / whole));
  const sameInterval = current.interval === target.interval;
  const amount = Math.max(
    0,
    sameInterval ? Math.round((price.amount - oldAmount) * left) : price.amount - Math.round(oldAmount * left),
  );
  const periodEnd = sameInterval ? current.periodEnd : periodEndFrom(at, target.interval);
  return { effective: 'now' as const, amount, currency: price.currency, startsAt: at, periodEnd };
}
