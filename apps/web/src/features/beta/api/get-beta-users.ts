import type { BetaUsersPage } from '@portal/shared/beta';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const BETA_USERS_KEY = ['admin', 'beta', 'users'] as const;

export const betaUsersQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: [...BETA_USERS_KEY, search],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (search) params.set('search', search);
      if (pageParam) params.set('cursor', pageParam);
      const query = params.toString();
      return api.get<BetaUsersPage>(`/api/admin/beta/users${query ? `?${query}` : ''}`, signal);
    },
    getNextPageParam: (page) => page.next_cursor,
  });

/** Beta users, or with a search any matching user, a page at a time. */
export const useBetaUsers = (search: string) => useInfiniteQuery(betaUsersQueryOptions(search));
