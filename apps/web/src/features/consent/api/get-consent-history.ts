import type { ConsentHistory } from '@portal/shared/consent';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const getConsentHistory = (signal?: AbortSignal) =>
  api.get<ConsentHistory>('/api/consent/history', signal).then((data) => data.history);

export const consentHistoryQueryOptions = () =>
  queryOptions({ queryKey: ['consent', 'history'], queryFn: ({ signal }) => getConsentHistory(signal) });

export const useConsentHistory = () => useQuery(consentHistoryQueryOptions());
