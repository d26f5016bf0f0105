import type { DeleteAccountBody } from '@portal/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { forgetSession } from '@/lib/auth';

export const deleteAccount = (body: DeleteAccountBody) => api.post<null>('/api/account/delete', body);

/** Deletes the account for good; afterwards nobody is signed in and nothing of it stays cached. */
export const useDeleteAccount = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    retry: false,
    onSuccess: () => {
      forgetSession(queryClient);
    },
  });
};
