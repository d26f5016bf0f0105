import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { preloadNamespaces } from '@/lib/i18n';

/**
 * A route's `lazy` that also fetches the translation namespaces its screen uses, in parallel with its code,
 * so the screen renders at once instead of suspending for its text afterwards. Screens whose route does not
 * name them still work: their `useTranslation` waits inside the layout's Suspense boundary.
 */
export function withNamespaces<Route>(namespaces: readonly string[], load: () => Promise<Route>) {
  return () => Promise.all([load(), preloadNamespaces(namespaces)]).then(([route]) => route);
}

/**
 * A route `loader` that fetches a screen's query in parallel with its code (a cached answer is used at once and
 * refreshed in the background when stale). A failed request is left for the screen to show.
 */
export function prefetchQuery<Data, Key extends QueryKey>(
  queryClient: QueryClient,
  options: () => EnsureQueryDataOptions<Data, Error, Data, Key>,
) {
  return async () => {
    await queryClient.ensureQueryData({ ...options(), revalidateIfStale: true }).catch(() => undefined);
    return null;
  };
}
