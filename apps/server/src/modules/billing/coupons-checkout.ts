import type { PaidTier } from '@portal/shared/billing';
import type { InterfaceLanguage } from '@portal/shared/language';
import type { CouponFreeAccess, CouponsDeps, CouponUse } from './coupons-redemption.ts';

/** The learner's side: redeeming a free-access code, and codes entered at checkout. */
export function createCouponCheckout(
  { repository, billingRepository, prices }: CouponsDeps,
  use: CouponUse,
  { redeemFreeAccess }: CouponFreeAccess,
) {
  return {
    /** The spec's redeem-coupon: a free-access code activates its plan at once. */
    async redeemCode(userId: string, code: string, language: InterfaceLanguage) {
      const coupon = await use.usable(code, 'free_access', null);
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
        const coupon = await use.usable(code, 'free_access', tier);
        await redeemFreeAccess(userId, coupon, language);
        return { freeAccess: true as const };
      }
      const coupon = await use.usable(code, 'percent_off', tier);
      return {
        freeAccess: false as const,
        percentOff: coupon.percentOff ?? 0,
        reserve: (sessionId: string) => use.redeem(coupon, userId, sessionId),
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
