import type { SignInBody, SignInResult } from '@portal/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { adoptNewSession } from '@/lib/auth';

/** Signs in, or answers `twoFactorRequired` when a code from the authenticator must follow. */
export const signIn = (body: SignInBody) => api.post<SignInResult>('/api/account/sign-in', body);

export const useSignIn = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    retry: false,
    onSuccess: async (result) => {
      if ('twoFactorRequired' in result) return;
      await adoptNewSession(queryClient);
    },
  });
};
