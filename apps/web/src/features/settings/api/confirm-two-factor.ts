import type { SignedIn } from '@portal/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { profileQueryOptions } from '@/lib/profile';
import { getSessionsQueryOptions } from './get-sessions';
import { twoFactorStatusQueryOptions } from './get-two-factor-status';

/** Finishes enrolment with a code from the authenticator; the server renews the session. */
export const confirmTwoFactor = (body: { code: string }) => api.post<SignedIn>('/api/account/two-factor/verify', body);

export const useConfirmTwoFactor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTwoFactor,
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
