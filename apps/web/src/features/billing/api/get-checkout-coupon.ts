import type { sessionCouponSchema } from '@portal/shared/coupons';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';

export const checkoutCouponQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['billing', 'session', sessionId, 'coupon'],
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof sessionCouponSchema>>(
        `/api/billing/sessions/${encodeURIComponent(sessionId)}/coupon`,
        signal,
      ),
    retry: false,
  });

export const useCheckoutCoupon = (sessionId: string) => useQuery(checkoutCouponQueryOptions(sessionId));
