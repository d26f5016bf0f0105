import type { BetaFeed } from '@portal/shared/beta';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const betaFeedQueryOptions = () =>
  queryOptions({
    queryKey: ['beta', 'feed'],
    queryFn: ({ signal }) => api.get<BetaFeed>('/api/beta/updates', signal),
  });

/** "What's new" for the signed-in user; non-beta users get `beta_access: false` and nothing else. */
export const useBetaFeed = () => useQuery(betaFeedQueryOptions());

export const invalidateBetaFeed = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: betaFeedQueryOptions().queryKey });
