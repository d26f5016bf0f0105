import { QUERY_DEFAULTS } from '@portal/shared/constants';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { signOutOnLostSession } from './session-ended';

/** No retry on 4xx, otherwise up to three. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_DEFAULTS.maxRetries;
}

/** Any 401 while signed in signs the tab out, which sends it to the sign-in page. */
export function createQueryClient() {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => signOutOnLostSession(client, error) }),
    mutationCache: new MutationCache({ onError: (error) => signOutOnLostSession(client, error) }),
    defaultOptions: {
      queries: {
        staleTime: QUERY_DEFAULTS.staleTimeMs,
        gcTime: QUERY_DEFAULTS.gcTimeMs,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
      },
      mutations: { retry: QUERY_DEFAULTS.mutationRetries },
    },
  });
  return client;
}
