import type { Coupon } from '@portal/shared/coupons';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const couponsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'coupons'],
    queryFn: ({ signal }) => api.get<{ coupons: Coupon[] }>('/api/admin/coupons', signal),
  });

export const useCoupons = () => useQuery(couponsQueryOptions());
