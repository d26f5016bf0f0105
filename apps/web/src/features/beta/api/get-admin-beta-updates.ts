import type { AdminBetaUpdate } from '@portal/shared/beta';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const adminBetaUpdatesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'beta', 'updates'],
    queryFn: ({ signal }) => api.get<{ updates: AdminBetaUpdate[] }>('/api/admin/beta/updates', signal),
  });

/** Past updates with their reach, newest first. */
export const useAdminBetaUpdates = () => useQuery(adminBetaUpdatesQueryOptions());
