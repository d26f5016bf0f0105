import type { PaidTier, PlanPrices } from '@portal/shared/billing';
import type { CouponProblem } from '@portal/shared/coupons';
import type { InterfaceLanguage } from '@portal/shared/language';
import { tierRank } from '@portal/shared/tiers';
import { AppError } from '../../errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Mailer } from '../mail/mail.service.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import type { BillingRepository } from './billing.repository.ts';
import { type CouponRow, type CouponsRepository, RedemptionRefused } from './coupons.repository.ts';
import { planNoticeMail } from './subscription-management.mail.ts';

export type CouponsDeps = {
  repository: CouponsRepository;
  billingRepository: BillingRepository;
  subscriptionService: SubscriptionService;
  auditService: AuditService;
  mailer: Mailer;
  prices: PlanPrices;
  now: () => Date;
};

const DAY_MS = 86_400_000;

const PROBLEMS: Record<CouponProblem, { code: 'not_found' | 'conflict' | 'bad_request'; message: string }> = {
  unknown: { code: 'not_found', message: 'This coupon code does not exist. Check the spelling.' },
  disabled: { code: 'conflict', message: 'This coupon code is no longer valid.' },
  expired: { code: 'conflict', message: 'This coupon code has expired.' },
  exhausted: { code: 'conflict', message: 'This coupon code has been used up.' },
  wrong_tier: { code: 'bad_request', message: 'This coupon code does not apply to this plan.' },
  already_redeemed: { code: 'conflict', message: 'You have already used this coupon code.' },
  needs_checkout: { code: 'bad_request', message: 'This code gives a discount: enter it when you choose a paid plan.' },
  needs_free_access: {
    code: 'bad_request',
    message: 'This code gives free access: redeem it on your subscription page.',
  },
  plan_already_higher: { code: 'conflict', message: 'Your current plan already includes what this code gives.' },
};

const refuse = (problem: CouponProblem) =>
  new AppError(PROBLEMS[problem].code, PROBLEMS[problem].message, { reasons: [problem] });

/** Finding a usable coupon behind a code and counting one use of it. */
export function createCouponUse({ repository, now }: CouponsDeps) {
  /** The coupon behind a code when it can still be used for `tier`; a clear refusal otherwise. */
  async function usable(rawCode: string, kind: CouponRow['kind'], tier: PaidTier | null) {
    const found = await repository.findByCode(rawCode.trim().toUpperCase());
    if (!found) throw refuse('unknown');
    // A code that looks used up may only be held by checkouts nobody paid: those uses come back first.
    const coupon =
      found.redemptionCount >= found.maxRedemptions
        ? ((await repository.releaseAbandoned(found.id, now())) ?? found)
        : found;
    if (coupon.disabledAt) throw refuse('disabled');
    if (coupon.expiresAt && coupon.expiresAt <= now()) throw refuse('expired');
    if (coupon.redemptionCount >= coupon.maxRedemptions) throw refuse('exhausted');
    if (coupon.kind !== kind) throw refuse(kind === 'percent_off' ? 'needs_free_access' : 'needs_checkout');
    if (tier && !coupon.appliesTo.includes(tier)) throw refuse('wrong_tier');
    return coupon;
  }

  async function redeem(coupon: CouponRow, userId: string, sessionId: string | null) {
    try {
      await repository.redeem(coupon.id, userId, sessionId, now());
    } catch (error) {
      if (error instanceof RedemptionRefused) throw refuse(error.reason);
      throw error;
    }
  }

  async function giveBack(coupon: CouponRow, userId: string) {
    await repository.giveBack(coupon.id, userId);
  }

  return { usable, redeem, giveBack };
}
export type CouponUse = ReturnType<typeof createCouponUse>;

/** Free access through a coupon: the plan, the remembered language, the audit entry and the notice. */
export function createCouponFreeAccess(
  { billingRepository, subscriptionService, auditService, mailer, now }: CouponsDeps,
  use: CouponUse,
) {
  /** Free access to the coupon's tier for its days, counted once per user; the plan activates at once. */
  async function redeemFreeAccess(userId: string, coupon: CouponRow, language: InterfaceLanguage) {
    const tier = coupon.freeTier;
    if (!tier || !coupon.freeDays) throw refuse('needs_checkout');
    const current = await subscriptionService.getOwnStatus(userId);
    if (current.subscription_tier && tierRank(current.subscription_tier) >= tierRank(tier)) {
      throw refuse('plan_already_higher');
    }
    await use.redeem(coupon, userId, null);
    const until = new Date(now().getTime() + coupon.freeDays * DAY_MS);
    try {
      await subscriptionService.activatePaid(userId, {
        tier,
        interval: null,
        provider: 'coupon',
        currentPeriodEnd: until,
      });
    } catch (error) {
      // Without the plan the code gave nothing: its use comes back, so redeeming again works.
      await use.giveBack(coupon, userId);
      throw error;
    }
    // No checkout records the language: the notice when the free access ends is written in this one.
    await billingRepository.rememberLanguage(userId, language, now());
    await auditService.recordAuditEvent({
      userId,
      action: 'coupon.redeemed',
      tableName: 'coupon_redemptions',
      recordId: coupon.id,
      oldValues: { subscription_tier: current.subscription_tier },
      newValues: { code: coupon.code, subscription_tier: tier, current_period_end: until.toISOString() },
      legalBasis: 'contract',
      purpose: 'subscription billing',
    });
    const email = await billingRepository.emailOf(userId);
    if (email) {
      const mail = planNoticeMail(language, { kind: 'free_access', tier, date: until, code: coupon.code });
      await mailer.send({ channel: 'email', to: email, ...mail });
    }
    return { tier, until };
  }

  return { redeemFreeAccess };
}
export type CouponFreeAccess = ReturnType<typeof createCouponFreeAccess>;
