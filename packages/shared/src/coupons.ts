import { z } from 'zod';
import { tierSchema } from './tiers.ts';

export const PAID_TIERS = ['me', 'us', 'universal'] as const;
export const paidTierSchema = z.enum(PAID_TIERS);

export const COUPON_KINDS = ['percent_off', 'free_access'] as const;
export const couponKindSchema = z.enum(COUPON_KINDS);
export type CouponKind = z.infer<typeof couponKindSchema>;

/** Why a code cannot be used; the web shows a sentence per reason. */
export const COUPON_PROBLEMS = [
  'unknown',
  'disabled',
  'expired',
  'exhausted',
  'wrong_tier',
  'already_redeemed',
  'needs_checkout',
  'needs_free_access',
  'plan_already_higher',
] as const;
export type CouponProblem = (typeof COUPON_PROBLEMS)[number];

export const couponCodeSchema = z
  .string()
  .trim()
  .min(3)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/)
  .transform((code) => code.toUpperCase());

/** POST /api/admin/coupons */
export const createCouponBodySchema = z
  .object({
    code: couponCodeSchema,
    kind: couponKindSchema,
    percentOff: z.number().int().min(1).max(100).nullable().default(null),
    freeTier: paidTierSchema.nullable().default(null),
    freeDays: z.number().int().min(1).max(3650).nullable().default(null),
    appliesTo: z.array(paidTierSchema).min(1).max(3),
    maxRedemptions: z.number().int().min(1).max(1_000_000),
    expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .strict()
  .superRefine((coupon, context) => {
    if (coupon.kind === 'percent_off' && coupon.percentOff === null) {
      context.addIssue({ code: 'custom', path: ['percentOff'], message: 'Give the percent off (1-100).' });
    }
    if (coupon.kind === 'free_access' && (coupon.freeTier === null || coupon.freeDays === null)) {
      context.addIssue({ code: 'custom', path: ['freeDays'], message: 'Give the free tier and the number of days.' });
    }
  });
export type CreateCouponBody = z.infer<typeof createCouponBodySchema>;

export const couponSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: couponKindSchema,
  percent_off: z.number().nullable(),
  free_tier: tierSchema.nullable(),
  free_days: z.number().nullable(),
  applies_to: z.array(tierSchema),
  max_redemptions: z.number(),
  redemption_count: z.number(),
  expires_at: z.string().nullable(),
  disabled_at: z.string().nullable(),
  created_at: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;
export const couponListSchema = z.object({ coupons: z.array(couponSchema) });
export const couponParamsSchema = z.object({ couponId: z.uuid() });

/** POST /api/subscription/redeem-coupon: the spec's redeem-coupon function. */
export const redeemCouponBodySchema = z.object({ couponCode: z.string().trim().min(1).max(64) }).strict();
export const redeemCouponResultSchema = z.object({ success: z.boolean(), message: z.string() });
export type RedeemCouponResult = z.infer<typeof redeemCouponResultSchema>;

/** GET /api/billing/sessions/:sessionId/coupon: what the checkout page shows of a discount. */
export const sessionCouponSchema = z.object({
  coupon: z.object({ code: z.string(), percent_off: z.number(), list_amount: z.number().int() }).nullable(),
});
