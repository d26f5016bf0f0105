import type { AdminUserDetail } from '@portal/shared/admin-users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { adminUsersKey } from './get-admin-users';

export const adminUserQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...adminUsersKey, 'detail', userId],
    queryFn: ({ signal }) => api.get<AdminUserDetail>(`/api/admin/users/${encodeURIComponent(userId)}`, signal),
  });

export const useAdminUser = (userId: string) => useQuery(adminUserQueryOptions(userId));
