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
    graceEndsAt: null,
    providerStateAt: null,
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

  it('an active plan keeps its tier through the renewal leeway, then falls to calm', () => {
    const end = new Date('2026-06-01T00:00:00.000Z');
    expect(toSubscriptionStatus(subscription({ currentPeriodEnd: end }), now).subscription_tier).toBe('me');
    const later = new Date('2026-06-02T00:00:00.000Z');
    expect(toSubscriptionStatus(subscription({ currentPeriodEnd: end }), later)).toEqual({
      subscribed: true,
      subscription_tier: 'calm',
      current_period_end: null,
    });
  });

  it('a plan canceled at period end keeps its tier until then and is calm right after', () => {
    const end = new Date('2026-06-01T12:00:01.000Z');
    const row = subscription({ currentPeriodEnd: end });
    expect(toSubscriptionStatus(row, now, { cancelAtPeriodEnd: true }).subscription_tier).toBe('me');
    expect(toSubscriptionStatus(row, end, { cancelAtPeriodEnd: true }).subscription_tier).toBe('calm');
    expect(
      toSubscriptionStatus(subscription({ status: 'canceled', currentPeriodEnd: end }), end).subscription_tier,
    ).toBe('calm');
  });

  it('a past_due plan keeps its tier during the grace period and says until when', () => {
    const end = new Date('2026-05-30T00:00:00.000Z');
    const grace = new Date('2026-06-06T00:00:00.000Z');
    const row = subscription({ status: 'past_due', currentPeriodEnd: end, graceEndsAt: grace });
    expect(toSubscriptionStatus(row, now)).toEqual({
      subscribed: true,
      subscription_tier: 'me',
      current_period_end: end.toISOString(),
      past_due_until: grace.toISOString(),
    });
    expect(toSubscriptionStatus(row, grace).subscription_tier).toBe('calm');
  });

  it('an expired plan leaves the user on calm', () => {
    expect(toSubscriptionStatus(subscription({ status: 'expired' }), now)).toEqual({
      subscribed: true,
      subscription_tier: 'calm',
      current_period_end: null,
    });
  });
});
