import type { changePlanResultSchema } from '@portal/shared/subscription-management';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { useRefreshSubscription } from './get-subscription-details';

export type Change = { tier: 'me' | 'us' | 'universal'; interval: 'month' | 'year' };

export const changePlan = (change: Change) =>
  api.post<z.infer<typeof changePlanResultSchema>>('/api/billing/subscription/change', change);

export const useChangePlan = () => {
  const refresh = useRefreshSubscription();
  return useMutation({ mutationFn: changePlan, onSuccess: refresh });
};
