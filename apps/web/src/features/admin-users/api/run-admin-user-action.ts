import type { Role } from '@portal/shared/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { adminUsersKey } from './get-admin-users';

/** What an admin can do to an account from its page; beta access goes through the beta programme's route. */
export type AdminUserAction =
  | { kind: 'role'; role: Role }
  | { kind: 'suspend' | 'reactivate' | 'sign-out' | 'password-reset' | 'revoke-tier' | 'delete' }
  | { kind: 'grant-tier'; tier: 'me' | 'us' | 'universal'; until: string }
  | { kind: 'beta'; betaAccess: boolean };

export type ActionResult = { ok: true; changed: boolean };

export function runAdminUserAction(userId: string, action: AdminUserAction) {
  const user = `/api/admin/users/${encodeURIComponent(userId)}`;
  switch (action.kind) {
    case 'role':
      return apiRequest<ActionResult>(`${user}/role`, { method: 'PUT', body: { role: action.role } });
    case 'grant-tier':
      return apiRequest<ActionResult>(`${user}/complimentary-plan`, {
        method: 'PUT',
        body: { tier: action.tier, until: action.until },
      });
    case 'revoke-tier':
      return apiRequest<ActionResult>(`${user}/complimentary-plan`, { method: 'DELETE' });
    case 'delete':
      return apiRequest<ActionResult>(user, { method: 'DELETE' });
    case 'beta':
      return apiRequest<unknown>(`/api/admin/beta/users/${encodeURIComponent(userId)}`, {
        method: 'PUT',
        body: { beta_access: action.betaAccess },
      });
    default:
      return apiRequest<ActionResult>(`${user}/${action.kind}`, { method: 'POST', body: {} });
  }
}

export const useAdminUserAction = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: AdminUserAction) => runAdminUserAction(userId, action),
    onSuccess: async (_result, action) => {
      const detail = [...adminUsersKey, 'detail', userId];
      // A deleted user's page is dropped rather than fetched again (it would answer 404).
      if (action.kind === 'delete') queryClient.removeQueries({ queryKey: detail });
      else await queryClient.invalidateQueries({ queryKey: detail });
      await queryClient.invalidateQueries({ queryKey: [...adminUsersKey, 'list'] });
    },
  });
};
