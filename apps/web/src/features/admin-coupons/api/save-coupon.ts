import type { Coupon, CreateCouponBody } from '@portal/shared/coupons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { couponsQueryOptions } from './get-coupons';

export type CouponChange = { kind: 'create'; coupon: CreateCouponBody } | { kind: 'disable'; couponId: string };

export const saveCoupon = (change: CouponChange) =>
  change.kind === 'create'
    ? api.post<Coupon>('/api/admin/coupons', change.coupon)
    : api.post<Coupon>(`/api/admin/coupons/${encodeURIComponent(change.couponId)}/disable`);

export const useSaveCoupon = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsQueryOptions().queryKey }),
  });
};
