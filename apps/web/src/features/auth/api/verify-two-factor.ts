import type { SignedIn, VerifyTwoFactorBody } from '@portal/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { adoptNewSession } from '@/lib/auth';

/** Completes a sign-in that asked for a two-factor code (authenticator or backup code). */
export const verifyTwoFactor = (body: VerifyTwoFactorBody) =>
  api.post<SignedIn>('/api/account/two-factor/verify', body);

export const useVerifyTwoFactor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTwoFactor,
    retry: false,
    onSuccess: async () => {
      await adoptNewSession(queryClient);
    },
  });
};
