import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { profileQueryOptions } from '@/lib/profile';
import { getSessionsQueryOptions } from './get-sessions';
import { twoFactorStatusQueryOptions } from './get-two-factor-status';

export const disableTwoFactor = (body: { password: string }) =>
  api.post<{ ok: true }>('/api/account/two-factor/disable', body);

export const useDisableTwoFactor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    retry: false,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey }),
      ]);
    },
  });
};
