import { z } from 'zod';
import { billingIntervalSchema, type Tier, tierSchema } from './tiers.ts';

export type BillingInterval = z.infer<typeof billingIntervalSchema>;
export type PaidTier = Exclude<Tier, 'calm'>;

/** A price in the currency's minor unit (cents), as the checkout page shows it. */
export type PlanPrice = { amount: number; currency: string };
export type PlanPrices = Record<PaidTier, Record<BillingInterval, PlanPrice>>;

/** Default prices per paid tier and interval; the server reads them as configuration, only the checkout shows them. */
export const DEFAULT_PLAN_PRICES: PlanPrices = {
  me: { month: { amount: 900, currency: 'EUR' }, year: { amount: 9000, currency: 'EUR' } },
  us: { month: { amount: 1900, currency: 'EUR' }, year: { amount: 19000, currency: 'EUR' } },
  universal: { month: { amount: 2900, currency: 'EUR' }, year: { amount: 29000, currency: 'EUR' } },
};

/** Minutes a sandbox checkout session stays payable. */
export const CHECKOUT_SESSION_MINUTES = 30;

/**
 * Test cards of the sandbox checkout: the first pays, the second is declined. The third (as at Stripe) can be saved
 * but declines every later charge, so a renewal with it fails.
 */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  declinesLater: '4000000000000341',
} as const;

export const CHECKOUT_SESSION_STATUSES = ['open', 'completed', 'canceled', 'expired'] as const;
export const checkoutSessionStatusSchema = z.enum(CHECKOUT_SESSION_STATUSES);
export type CheckoutSessionStatus = z.infer<typeof checkoutSessionStatusSchema>;

/** Session ids in paths: anything else is answered like an unknown session. */
export const checkoutSessionParamsSchema = z.object({ sessionId: z.string().max(100) });

/** GET /api/billing/sessions/:sessionId — the owner's view of a checkout session. */
export const checkoutSessionSchema = z.object({
  id: z.string(),
  tier: tierSchema,
  interval: billingIntervalSchema,
  amount: z.number().int(),
  currency: z.string(),
  status: checkoutSessionStatusSchema,
  /** True once the payment was taken (the provider's events may still be on their way). */
  paid: z.boolean(),
  expires_at: z.string(),
  /** Where Cancel leads: /choose-plan, or the subscription screen for a subscriber. */
  cancel_path: z.string(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/** POST /api/billing/sandbox/:sessionId/pay. Spaces in the card number are ignored. */
export const sandboxPayBodySchema = z
  .object({
    cardNumber: z
      .string()
      .max(40)
      .transform((value) => value.replace(/[\s-]/g, '')),
    idempotencyKey: z.string().min(8).max(100),
  })
  .strict();

export const sandboxCancelResultSchema = z.object({ cancel_path: z.string() });
