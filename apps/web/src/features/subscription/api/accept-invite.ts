import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useRefreshSubscription } from './get-subscription-details';

export const acceptInvite = (token: string) => api.post<{ owner_name: string }>('/api/shared-plan/accept', { token });

export const useAcceptInvite = () => {
  const refresh = useRefreshSubscription();
  return useMutation({ mutationFn: acceptInvite, onSuccess: refresh });
};
