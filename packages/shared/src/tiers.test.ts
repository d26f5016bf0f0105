import { describe, expect, it } from 'vitest';
import { canUseFeature, FEATURE_MIN_TIER, hasTierAccess, TIERS, type Tier } from './tiers.ts';

const subscribedTo = (tier: Tier) => ({ subscribed: true, subscription_tier: tier });

describe('tier access', () => {
  it('orders the tiers calm < me < us < universal', () => {
    expect(TIERS).toEqual(['calm', 'me', 'us', 'universal']);
  });

  it.each([
    ['calm', 'calm', true],
    ['calm', 'me', false],
    ['me', 'calm', true],
    ['me', 'us', false],
    ['us', 'me', true],
    ['us', 'universal', false],
    ['universal', 'us', true],
    ['universal', 'universal', true],
  ] as const)('a %s subscriber asking for %s: %s', (tier, required, allowed) => {
    expect(hasTierAccess(subscribedTo(tier), required)).toBe(allowed);
  });

  it.each([
    {
      label: 'not subscribed, even with a tier on record',
      status: { subscribed: false, subscription_tier: 'universal' as const },
    },
    { label: 'subscribed without a tier', status: { subscribed: true, subscription_tier: null } },
    { label: 'no status yet', status: null },
    { label: 'an unknown status', status: undefined },
  ])('$label gives no access to anything', ({ status }) => {
    for (const tier of TIERS) expect(hasTierAccess(status, tier)).toBe(false);
  });
});

describe('features by tier', () => {
  it('calm unlocks courses, goals, notes, gamification, games and settings only', () => {
    const calm = Object.keys(FEATURE_MIN_TIER).filter((feature) =>
      canUseFeature(subscribedTo('calm'), feature as keyof typeof FEATURE_MIN_TIER),
    );
    expect(calm.sort()).toEqual(['courses', 'games', 'gamification', 'goals', 'notes', 'settings']);
  });

  it('flashcards and the AI coach need me; the live hub needs us; premium courses need universal', () => {
    expect(canUseFeature(subscribedTo('calm'), 'flashcards')).toBe(false);
    expect(canUseFeature(subscribedTo('me'), 'flashcards')).toBe(true);
    expect(canUseFeature(subscribedTo('me'), 'ai_coach')).toBe(true);
    expect(canUseFeature(subscribedTo('me'), 'live_hub')).toBe(false);
    expect(canUseFeature(subscribedTo('us'), 'live_hub')).toBe(true);
    expect(canUseFeature(subscribedTo('us'), 'premium_courses')).toBe(false);
    expect(canUseFeature(subscribedTo('universal'), 'premium_courses')).toBe(true);
  });

  it('a universal subscriber can use every feature; someone not subscribed none', () => {
    for (const feature of Object.keys(FEATURE_MIN_TIER) as Array<keyof typeof FEATURE_MIN_TIER>) {
      expect(canUseFeature(subscribedTo('universal'), feature)).toBe(true);
      expect(canUseFeature({ subscribed: false, subscription_tier: null }, feature)).toBe(false);
    }
  });
});
