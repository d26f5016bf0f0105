import type { SubscriptionDetails } from '@portal/shared/subscription-management';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useRefreshSubscription } from './get-subscription-details';

/** What happens at the period end: cancel, resume, or undo a scheduled plan change. */
export type PeriodEndAction = 'cancel' | 'resume' | 'undo';

export const updateSubscription = (action: PeriodEndAction) =>
  action === 'undo'
    ? api.delete<SubscriptionDetails>('/api/billing/subscription/scheduled-change')
    : api.post<SubscriptionDetails>(`/api/billing/subscription/${action}`);

export const useUpdateSubscription = () => {
  const refresh = useRefreshSubscription();
  return useMutation({ mutationFn: updateSubscription, onSuccess: refresh });
};
