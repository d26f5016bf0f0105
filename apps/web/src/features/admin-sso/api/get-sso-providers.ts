import type { SsoProvider } from '@portal/shared/sso';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const ssoProvidersQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'sso-providers'],
    queryFn: ({ signal }) => api.get<{ providers: SsoProvider[] }>('/api/admin/sso/providers', signal),
  });

export const useSsoProviders = () => useQuery(ssoProvidersQueryOptions());
