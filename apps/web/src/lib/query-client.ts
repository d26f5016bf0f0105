import { QUERY_DEFAULTS } from '@portal/shared/constants';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** No retry on 4xx, otherwise up to three. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_DEFAULTS.maxRetries;
}

export function createQueryClient() {
  return new QueryClient({
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
}
