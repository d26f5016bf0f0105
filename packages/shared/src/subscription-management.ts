import { z } from 'zod';
import { paidTierSchema } from './coupons.ts';
import { billingIntervalSchema, tierSchema } from './tiers.ts';

export const SUBSCRIPTION_STATES = ['active', 'trialing', 'past_due', 'canceled', 'expired'] as const;

/** GET /api/billing/subscription: what the subscription screen shows. */
export const subscriptionDetailsSchema = z.object({
  tier: tierSchema.nullable(),
  status: z.enum(SUBSCRIPTION_STATES).nullable(),
  interval: billingIntervalSchema.nullable(),
  /** Renewal date, or the end date when canceled or free for a while. */
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  scheduled_change: z.object({ tier: paidTierSchema, interval: billingIntervalSchema }).nullable(),
  /** True for a paid plan the user pays for through a provider (plan changes, cancel, portal). */
  manageable: z.boolean(),
  /** The tier comes from someone else's shared plan. */
  shared_from: z.string().nullable(),
});
export type SubscriptionDetails = z.infer<typeof subscriptionDetailsSchema>;

/** POST /api/billing/subscription/change: a higher tier or longer interval starts at once, anything else at period end. */
export const changePlanBodySchema = z.object({ tier: paidTierSchema, interval: billingIntervalSchema }).strict();
export const changePlanResultSchema = z.object({
  effective: z.enum(['now', 'period_end']),
  /** Minor units charged at once (the prorated difference); 0 for a scheduled change. */
  charged: z.number().int(),
  currency: z.string(),
  subscription: subscriptionDetailsSchema,
});

/** What a plan change would charge now and when it would take effect, shown before the user confirms it. */
export const changeQuoteSchema = z.object({
  effective: z.enum(['now', 'period_end']),
  /** Minor units charged at once (the prorated difference); 0 for a change at the period end. */
  amount: z.number().int(),
  currency: z.string(),
  starts_at: z.string(),
});
export type ChangeQuote = z.infer<typeof changeQuoteSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  tier: tierSchema,
  interval: billingIntervalSchema,
  amount: z.number().int(),
  currency: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  paid_at: z.string(),
  provider: z.enum(['sandbox', 'stripe']),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceListSchema = z.object({ invoices: z.array(invoiceSchema) });
export const invoiceParamsSchema = z.object({ invoiceId: z.string().max(120) });

/** POST /api/billing/portal: the spec's customer-portal function. */
export const portalResultSchema = z.object({ url: z.string() });

export const paymentMethodSchema = z.object({ brand: z.string(), last4: z.string() }).nullable();
export const paymentMethodResultSchema = z.object({ payment_method: paymentMethodSchema });
export const sandboxCardBodySchema = z
  .object({
    cardNumber: z
      .string()
      .max(40)
      .transform((value) => value.replace(/[\s-]/g, '')),
  })
  .strict();
