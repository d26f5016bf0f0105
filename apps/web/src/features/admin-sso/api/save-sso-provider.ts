import type { CreateSsoProviderBody, SsoProvider, UpdateSsoProviderBody } from '@portal/shared/sso';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ssoProvidersQueryOptions } from './get-sso-providers';

export type SsoProviderChange =
  | { kind: 'create'; provider: CreateSsoProviderBody }
  | { kind: 'update'; providerId: string; changes: UpdateSsoProviderBody }
  | { kind: 'delete'; providerId: string };

const providerPath = (providerId: string) => `/api/admin/sso/providers/${encodeURIComponent(providerId)}`;

export const saveSsoProvider = (change: SsoProviderChange): Promise<SsoProvider | { ok: true }> => {
  if (change.kind === 'create') return api.post<SsoProvider>('/api/admin/sso/providers', change.provider);
  if (change.kind === 'update') return api.patch<SsoProvider>(providerPath(change.providerId), change.changes);
  return api.delete<{ ok: true }>(providerPath(change.providerId));
};

export const useSaveSsoProvider = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSsoProvider,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoProvidersQueryOptions().queryKey }),
  });
};
