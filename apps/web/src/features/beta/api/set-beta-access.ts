import type { BetaAccessResult } from '@portal/shared/beta';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { adminBetaUpdatesQueryOptions } from './get-admin-beta-updates';
import { BETA_USERS_KEY } from './get-beta-users';

export const setBetaAccess = ({ userId, betaAccess }: { userId: string; betaAccess: boolean }) =>
  apiRequest<BetaAccessResult>(`/api/admin/beta/users/${encodeURIComponent(userId)}`, {
    method: 'PUT',
    body: { beta_access: betaAccess },
  });

export const useSetBetaAccess = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBetaAccess,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: BETA_USERS_KEY }),
        // Who has not read an update yet depends on who is in the programme.
        queryClient.invalidateQueries({ queryKey: adminBetaUpdatesQueryOptions().queryKey }),
      ]),
  });
};
