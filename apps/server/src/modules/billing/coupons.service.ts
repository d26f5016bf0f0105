import { createCouponAdmin } from './coupons-admin.ts';
import { createCouponCheckout } from './coupons-checkout.ts';
import { type CouponsDeps, createCouponFreeAccess, createCouponUse } from './coupons-redemption.ts';

export { toCoupon } from './coupons-admin.ts';

/** Coupons: admins make and disable them; learners use a discount at checkout or redeem free access. */
export function createCouponsService({
  now = () => new Date(),
  ...deps
}: Omit<CouponsDeps, 'now'> & { now?: () => Date }) {
  const all: CouponsDeps = { ...deps, now };
  const use = createCouponUse(all);
  const freeAccess = createCouponFreeAccess(all, use);
  return { ...createCouponAdmin(all), ...createCouponCheckout(all, use, freeAccess) };
}
export type CouponsService = ReturnType<typeof createCouponsService>;
