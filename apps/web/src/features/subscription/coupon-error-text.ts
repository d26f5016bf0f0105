import { COUPON_PROBLEMS, type CouponProblem } from '@portal/shared/coupons';
import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api';

/** The sentence for a refused coupon code, from the server's reason; `fallback` for anything else. */
export function couponErrorText(t: TFunction<'plans'>, error: unknown, fallback: string): string {
  const reason = error instanceof ApiError ? error.reasons[0] : undefined;
  if (reason && (COUPON_PROBLEMS as readonly string[]).includes(reason)) {
    return t(`plans:coupon.errors.${reason as CouponProblem}`);
  }
  return error instanceof ApiError && error.status < 500 ? error.message : fallback;
}
