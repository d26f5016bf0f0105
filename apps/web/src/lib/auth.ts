import type { SignOutScope } from '@portal/shared/auth';
import type { Me } from '@portal/shared/me';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
      queryClient.removeQueries();
      queryClient.setQueryData(meQueryOptions().queryKey, null);
    },
  });
};
