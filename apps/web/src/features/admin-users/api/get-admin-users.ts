import type { AdminUserList } from '@portal/shared/admin-users';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Every cached answer about admin users (list pages and user pages) starts with this key. */
export const adminUsersKey = ['admin', 'users'] as const;

/** The list's filters as the URL and the server both spell them; empty values are left out. */
export type AdminUserListFilters = {
  q?: string;
  role?: string;
  tier?: string;
  status?: string;
  beta?: string;
  activeWithinDays?: string;
  inactiveDays?: string;
  sort?: string;
  order?: string;
};

export function filtersQuery(filters: AdminUserListFilters, extra: Record<string, string> = {}) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filters, ...extra })) {
    if (value) query.set(name, value);
  }
  return query;
}

/** Where the CSV export of the same filters downloads from. */
export const exportUrl = (filters: AdminUserListFilters) => `/api/admin/users/export.csv?${filtersQuery(filters)}`;

export const getAdminUsers = (filters: AdminUserListFilters, cursor: string | null, signal?: AbortSignal) =>
  api.get<AdminUserList>(`/api/admin/users?${filtersQuery(filters, cursor ? { cursor } : {})}`, signal);

export const adminUsersQueryOptions = (filters: AdminUserListFilters) =>
  infiniteQueryOptions({
    queryKey: [...adminUsersKey, 'list', filters],
    queryFn: ({ pageParam, signal }) => getAdminUsers(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (filters: AdminUserListFilters) => useInfiniteQuery(adminUsersQueryOptions(filters));
