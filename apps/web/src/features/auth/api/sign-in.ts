import type { SignInBody } from '@portal/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { meQueryOptions } from '@/lib/auth';

export const signIn = (body: SignInBody) =>
  api.post<{ user: { id: string }; token: string }>('/api/account/sign-in', body);

export const useSignIn = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    retry: false,
    onSuccess: async () => {
      queryClient.removeQueries();
      await queryClient.fetchQuery(meQueryOptions());
    },
  });
};
