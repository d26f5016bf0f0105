import type { AccountSession } from '@portal/shared/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const getSessions = (signal?: AbortSignal) =>
  api.get<{ sessions: AccountSession[] }>('/api/account/sessions', signal).then((data) => data.sessions);

export const getSessionsQueryOptions = () =>
  queryOptions({ queryKey: ['account', 'sessions'], queryFn: ({ signal }) => getSessions(signal), staleTime: 0 });

export const useSessions = () => useQuery(getSessionsQueryOptions());
