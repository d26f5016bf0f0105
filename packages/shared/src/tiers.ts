import { z } from 'zod';
import { TIERS, type Tier } from './tier-names.ts';

/** Subscription tiers, lowest to highest. */
export * from './tier-names.ts';
export const tierSchema = z.enum(TIERS);

export const BILLING_INTERVALS = ['month', 'year'] as const;
export const billingIntervalSchema = z.enum(BILLING_INTERVALS);

export const subscriptionStatusSchema = z.object({
  subscribed: z.boolean(),
  subscription_tier: tierSchema.nullable(),
  current_period_end: z.string().nullable(),
  /** Set while a failed renewal is in its grace period: the tier lapses to calm then unless a payment goes through. */
  past_due_until: z.string().optional(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export function tierRank(tier: Tier): number {
  return TIERS.indexOf(tier);
}

/** A feature is allowed when the user is subscribed and their tier is at least the required one. */
export function hasTierAccess(
  status: Pick<SubscriptionStatus, 'subscribed' | 'subscription_tier'> | null | undefined,
  required: Tier,
): boolean {
  if (!status?.subscribed || !status.subscription_tier) return false;
  return tierRank(status.subscription_tier) >= tierRank(required);
}

/** Minimum tier per feature; both server and web read this table. */
export const FEATURE_MIN_TIER = {
  courses: 'calm',
  goals: 'calm',
  notes: 'calm',
  gamification: 'calm',
  games: 'calm',
  settings: 'calm',
  flashcards: 'me',
  analytics: 'me',
  study_sessions: 'me',
  ai_coach: 'me',
  points_shop: 'me',
  live_hub: 'us',
  shared_plan: 'us',
  premium_courses: 'universal',
  unlimited_coach: 'universal',
} as const satisfies Record<string, Tier>;
export type Feature = keyof typeof FEATURE_MIN_TIER;

export function canUseFeature(
  status: Pick<SubscriptionStatus, 'subscribed' | 'subscription_tier'> | null | undefined,
  feature: Feature,
): boolean {
  return hasTierAccess(status, FEATURE_MIN_TIER[feature]);
}

/** Daily AI coach messages per tier; null means unlimited. */
export const COACH_DAILY_MESSAGES: Record<Tier, number | null> = {
  calm: 0,
  me: 30,
  us: 200,
  universal: null,
};

export const checkoutBodySchema = z
  .object({
    tier: tierSchema,
    interval: billingIntervalSchema.default('month'),
    couponCode: z.string().trim().max(64).optional(),
  })
  .strict();

export const checkoutResultSchema = z.object({
  freeAccess: z.boolean(),
  message: z.string(),
  url: z.string().nullable(),
});
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;
