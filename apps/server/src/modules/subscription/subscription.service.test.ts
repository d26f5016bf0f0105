import { describe, expect, it } from 'vitest';
import type { SubscriptionRow } from './subscription.repository.ts';
import { toSubscriptionStatus } from './subscription.service.ts';

const now = new Date('2026-06-01T12:00:00.000Z');

function subscription(overrides: Partial<SubscriptionRow>): SubscriptionRow {
  return {
    userId: 'user-1',
    tier: 'me',
    status: 'active',
    interval: 'month',
    provider: 'sandbox',
    currentPeriodEnd: null,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

describe('subscription status', () => {
  it('someone who never subscribed is not subscribed', () => {
    expect(toSubscriptionStatus(undefined, now)).toEqual({
      subscribed: false,
      subscription_tier: null,
      current_period_end: null,
    });
  });

  it('an active plan without an end date counts', () => {
    expect(toSubscriptionStatus(subscription({ tier: 'calm', provider: 'free' }), now)).toEqual({
      subscribed: true,
      subscription_tier: 'calm',
      current_period_end: null,
    });
  });

  it('an active plan whose period has not ended counts, with its end date', () => {
    const end = new Date('2026-07-01T00:00:00.000Z');
    expect(toSubscriptionStatus(subscription({ currentPeriodEnd: end }), now)).toEqual({
      subscribed: true,
      subscription_tier: 'me',
      current_period_end: '2026-07-01T00:00:00.000Z',
    });
  });

  it.each([
    {
      label: 'a plan whose period ended',
      row: subscription({ currentPeriodEnd: new Date('2026-05-31T00:00:00.000Z') }),
    },
    { label: 'a plan ending right now', row: subscription({ currentPeriodEnd: now }) },
    { label: 'a canceled plan', row: subscription({ status: 'canceled' }) },
    { label: 'a plan with an unpaid invoice', row: subscription({ status: 'past_due' }) },
  ])('$label gives no access and no tier', ({ row }) => {
    expect(toSubscriptionStatus(row, now)).toEqual({
      subscribed: false,
      subscription_tier: null,
      current_period_end: null,
    });
  });
});
