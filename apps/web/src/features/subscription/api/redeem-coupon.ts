import type { RedeemCouponResult } from '@portal/shared/coupons';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useRefreshSubscription } from './get-subscription-details';

/** The spec's redeem-coupon function. */
export const redeemCoupon = (couponCode: string) =>
  api.post<RedeemCouponResult>('/api/subscription/redeem-coupon', { couponCode });

export const useRedeemCoupon = () => {
  const refresh = useRefreshSubscription();
  return useMutation({ mutationFn: redeemCoupon, onSuccess: refresh });
};
