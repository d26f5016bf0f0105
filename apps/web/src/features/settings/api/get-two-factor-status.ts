import type { TwoFactorStatus } from '@portal/shared/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const getTwoFactorStatus = (signal?: AbortSignal) => api.get<TwoFactorStatus>('/api/account/two-factor', signal);

export const twoFactorStatusQueryOptions = () =>
  queryOptions({ queryKey: ['account', 'two-factor'], queryFn: ({ signal }) => getTwoFactorStatus(signal) });

export const useTwoFactorStatus = () => useQuery(twoFactorStatusQueryOptions());
