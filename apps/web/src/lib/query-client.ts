import { QUERY_DEFAULTS } from '@portal/shared/constants';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { signOutOnLostSession } from './session-ended';

const refused = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/** No retry on 4xx, otherwise up to three. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return !refused(error) && failureCount < QUERY_DEFAULTS.maxRetries;
}

/** A change the server refused (4xx) is not sent again: it would be refused again, or done twice. Otherwise once. */
export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  return !refused(error) && failureCount < QUERY_DEFAULTS.mutationRetries;
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
      mutations: { retry: shouldRetryMutation },
    },
  });
  return client;
}
