import type { PaidTier, PlanPrices } from '@portal/shared/billing';
import type { Coupon, CouponProblem, CreateCouponBody } from '@portal/shared/coupons';
import type { InterfaceLanguage } from '@portal/shared/language';
import { tierRank } from '@portal/shared/tiers';
import { AppError } from '../../errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Mailer } from '../mail/mail.service.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import type { BillingRepository } from './billing.repository.ts';
import { type CouponRow, type CouponsRepository, RedemptionRefused } from './coupons.repository.ts';
import { planNoticeMail } from './subscription-management.mail.ts';

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

export function toCoupon(row: CouponRow): Coupon {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percent_off: row.percentOff,
    free_tier: row.freeTier,
    free_days: row.freeDays,
    applies_to: row.appliesTo as Coupon['applies_to'],
    max_redemptions: row.maxRedemptions,
    redemption_count: row.redemptionCount,
    expires_at: row.expiresAt?.toISOString() ?? null,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Coupons: admins make and disable them; learners use a discount at checkout or redeem free access. */
export function createCouponsService({
  repository,
  billingRepository,
  subscriptionService,
  auditService,
  mailer,
  prices,
  now = () => new Date(),
}: {
  repository: CouponsRepository;
  billingRepository: BillingRepository;
  subscriptionService: SubscriptionService;
  auditService: AuditService;
  mailer: Mailer;
  prices: PlanPrices;
  now?: () => Date;
}) {
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

  /** Free access to the coupon's tier for its days, counted once per user; the plan activates at once. */
  async function redeemFreeAccess(userId: string, coupon: CouponRow, language: InterfaceLanguage) {
    const tier = coupon.freeTier;
    if (!tier || !coupon.freeDays) throw refuse('needs_checkout');
    const current = await subscriptionService.getOwnStatus(userId);
    if (current.subscription_tier && tierRank(current.subscription_tier) >= tierRank(tier)) {
      throw refuse('plan_already_higher');
    }
    await redeem(coupon, userId, null);
    const until = new Date(now().getTime() + coupon.freeDays * DAY_MS);
    await subscriptionService.activatePaid(userId, {
      tier,
      interval: null,
      provider: 'coupon',
      currentPeriodEnd: until,
    });
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

  return {
    async create(adminId: string, body: CreateCouponBody) {
      const row = await repository.insert({
        code: body.code,
        kind: body.kind,
        percentOff: body.kind === 'percent_off' ? body.percentOff : null,
        freeTier: body.kind === 'free_access' ? body.freeTier : null,
        freeDays: body.kind === 'free_access' ? body.freeDays : null,
        appliesTo: body.kind === 'free_access' && body.freeTier ? [body.freeTier] : body.appliesTo,
        maxRedemptions: body.maxRedemptions,
        expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
        createdBy: adminId,
      });
      if (!row) throw new AppError('conflict', 'A coupon with this code exists already.');
      await auditService.recordAuditEvent({
        userId: adminId,
        action: 'coupon.created',
        tableName: 'coupons',
        recordId: row.id,
        newValues: { ...toCoupon(row) },
        legalBasis: 'legitimate_interest',
        purpose: 'subscription billing',
      });
      return toCoupon(row);
    },

    async list() {
      return { coupons: (await repository.list()).map(toCoupon) };
    },

    async disable(adminId: string, couponId: string) {
      const row = await repository.disable(couponId, now());
      if (!row) throw new AppError('not_found', 'There is no such coupon.');
      await auditService.recordAuditEvent({
        userId: adminId,
        action: 'coupon.disabled',
        tableName: 'coupons',
        recordId: row.id,
        newValues: { code: row.code, disabled_at: row.disabledAt?.toISOString() ?? null },
        legalBasis: 'legitimate_interest',
        purpose: 'subscription billing',
      });
      return toCoupon(row);
    },

    /** The spec's redeem-coupon: a free-access code activates its plan at once. */
    async redeemCode(userId: string, code: string, language: InterfaceLanguage) {
      const coupon = await usable(code, 'free_access', null);
      await redeemFreeAccess(userId, coupon, language);
      return { success: true, message: 'Coupon Redeemed!' };
    },

    /**
     * A code entered at checkout: a free-access code for this tier activates it without paying; a percent-off code
     * answers the discount and a `reserve` that counts the use against the checkout session it discounts.
     */
    async forCheckout(userId: string, code: string, tier: PaidTier, language: InterfaceLanguage) {
      const found = await repository.findByCode(code.trim().toUpperCase());
      if (found?.kind === 'free_access') {
        const coupon = await usable(code, 'free_access', tier);
        await redeemFreeAccess(userId, coupon, language);
        return { freeAccess: true as const };
      }
      const coupon = await usable(code, 'percent_off', tier);
      return {
        freeAccess: false as const,
        percentOff: coupon.percentOff ?? 0,
        reserve: (sessionId: string) => redeem(coupon, userId, sessionId),
      };
    },

    /** The coupon applied to the user's checkout session, for the checkout page. */
    async couponOfSession(userId: string, sessionId: string) {
      const [coupon, session] = await Promise.all([
        repository.couponOfSession(userId, sessionId),
        billingRepository.findSessionOfUser(userId, sessionId),
      ]);
      if (!coupon || !session) return { coupon: null };
      const listAmount = prices[session.tier][session.interval].amount;
      return { coupon: { code: coupon.code, percent_off: coupon.percentOff ?? 0, list_amount: listAmount } };
    },
  };
}
export type CouponsService = ReturnType<typeof createCouponsService>;
