import type { CurrentConsent } from '@portal/shared/consent';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const getConsent = (signal?: AbortSignal) => api.get<CurrentConsent>('/api/consent', signal);

export const consentQueryOptions = () =>
  queryOptions({ queryKey: ['consent', 'current'], queryFn: ({ signal }) => getConsent(signal) });

export const useConsent = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...consentQueryOptions(), enabled });
