import { describe, expect, it } from 'vitest';
import { effectiveTier, graceEndFrom, type SubscriptionAccessInput } from './subscription-access.ts';

const periodEnd = new Date('2026-02-10T10:00:00.000Z');
const at = (offsetHours: number) => new Date(periodEnd.getTime() + offsetHours * 3_600_000);
const plan = (overrides: Partial<SubscriptionAccessInput>): SubscriptionAccessInput => ({
  tier: 'us',
  status: 'active',
  currentPeriodEnd: periodEnd,
  ...overrides,
});

describe('effective tier', () => {
  it('no subscription at all is no plan', () => {
    expect(effectiveTier(null, at(0))).toBeNull();
    expect(effectiveTier(undefined, at(0))).toBeNull();
  });

  it.each([
    { label: 'active before its period end', sub: plan({}), hours: -1, tier: 'us' },
    { label: 'active while the renewal is under way', sub: plan({}), hours: 23, tier: 'us' },
    { label: 'active a day after its period end without a renewal', sub: plan({}), hours: 24, tier: 'calm' },
    { label: 'active without an end date', sub: plan({ currentPeriodEnd: null }), hours: 1000, tier: 'us' },
    { label: 'canceled at period end, before it', sub: plan({ cancelAtPeriodEnd: true }), hours: -1, tier: 'us' },
    { label: 'canceled at period end, at it', sub: plan({ cancelAtPeriodEnd: true }), hours: 0, tier: 'calm' },
    { label: 'canceled, before the period end', sub: plan({ status: 'canceled' }), hours: -1, tier: 'us' },
    { label: 'canceled, after the period end', sub: plan({ status: 'canceled' }), hours: 1, tier: 'calm' },
    { label: 'trialing, before its end', sub: plan({ status: 'trialing' }), hours: -1, tier: 'us' },
    { label: 'trialing, at its end', sub: plan({ status: 'trialing' }), hours: 0, tier: 'calm' },
    { label: 'past_due within the grace', sub: plan({ status: 'past_due' }), hours: 7 * 24 - 1, tier: 'us' },
    { label: 'past_due after the grace', sub: plan({ status: 'past_due' }), hours: 7 * 24, tier: 'calm' },
    {
      label: 'past_due with its own grace end',
      sub: plan({ status: 'past_due', graceEndsAt: at(48).toISOString() }),
      hours: 48,
      tier: 'calm',
    },
    { label: 'expired', sub: plan({ status: 'expired' }), hours: -100, tier: 'calm' },
    { label: 'calm', sub: plan({ tier: 'calm', currentPeriodEnd: null }), hours: 0, tier: 'calm' },
  ] as const)('$label: $tier', ({ sub, hours, tier }) => {
    expect(effectiveTier(sub, at(hours))).toBe(tier);
  });

  it('the grace period is 7 days from the failed renewal', () => {
    expect(graceEndFrom(periodEnd).toISOString()).toBe('2026-02-17T10:00:00.000Z');
  });
});
