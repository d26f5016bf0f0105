import type { SignOutScope } from '@portal/shared/auth';
import type { Me } from '@portal/shared/me';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api';

export const getMe = (signal?: AbortSignal) => api.get<{ me: Me | null }>('/api/me', signal).then((data) => data.me);

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['me'],
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 60_000,
  });

export const useMe = () => useQuery(meQueryOptions());

export const signOut = (scope: SignOutScope) => api.post<{ ok: true }>('/api/account/sign-out', { scope });

/** Ends this session (local), the others, or all (global); local and global forget every cached query. */
export const useSignOut = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    retry: false,
    onSuccess: (_data, scope) => {
      if (scope === 'others') return;
      forgetSession(queryClient);
    },
  });
};

const isMeQuery = (query: { queryKey: readonly unknown[] }) => query.queryKey[0] === meQueryOptions().queryKey[0];

/**
 * After a sign-in: drop every cached answer of the previous user and refetch who is signed in.
 * The `me` query itself is kept (not removed) so components already watching it see the new user.
 */
export async function adoptNewSession(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => !isMeQuery(query) });
  await queryClient.refetchQueries({ queryKey: meQueryOptions().queryKey });
}

/** After a sign-out or account deletion: drop every cached answer and mark the user signed out. */
export function forgetSession(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => !isMeQuery(query) });
  queryClient.setQueryData(meQueryOptions().queryKey, null);
}
