import type { Me } from '@portal/shared/me';
import type {
  EnsureInfiniteQueryDataOptions,
  EnsureQueryDataOptions,
  QueryClient,
  QueryKey,
} from '@tanstack/react-query';
import type { LoaderFunctionArgs, Params } from 'react-router';
import { meQueryOptions } from '@/lib/auth';
import { preloadNamespaces } from '@/lib/i18n';
import { SCREEN_QUERIES, type ScreenName } from './screen-queries';

/**
 * A route's `lazy` that also fetches the translation namespaces its screen uses, in parallel with its code,
 * so the screen renders at once instead of suspending for its text afterwards. Screens whose route does not
 * name them still work: their `useTranslation` waits inside the layout's Suspense boundary.
 */
export function withNamespaces<Route>(namespaces: readonly string[], load: () => Promise<Route>) {
  return () => Promise.all([load(), preloadNamespaces(namespaces)]).then(([route]) => route);
}

/** What a screen's loader knows: the route's path parameters and the URL's search parameters. */
export type ScreenLocation = { params: Params; search: URLSearchParams };

// The options of queries (plain or paged) with different data types; each is fetched on its own.
// biome-ignore lint/suspicious/noExplicitAny: a list of queries of any data type
type Any = any;
export type AnyQueryOptions = EnsureQueryDataOptions<Any, Any, Any, Any> | AnyInfiniteQueryOptions;

type AnyInfiniteQueryOptions = EnsureInfiniteQueryDataOptions<Any, Any, Any, Any, Any>;
const isInfinite = (options: AnyQueryOptions): options is AnyInfiniteQueryOptions => 'getNextPageParam' in options;

const ensureQuery = (queryClient: QueryClient, options: AnyQueryOptions) =>
  isInfinite(options)
    ? queryClient.ensureInfiniteQueryData({ ...options, revalidateIfStale: true })
    : queryClient.ensureQueryData({ ...options, revalidateIfStale: true });

/**
 * A route `loader` that starts a screen's queries in parallel with each other and with its code, so the screen's
 * requests do not wait for its code (a cached answer is used at once and refreshed in the background when stale).
 * It does not wait for them: the screen renders at once with its own loading, slow-network and error states, which
 * a request that never answers must still reach. The options must be the ones the screen's hooks use, derived
 * from the same URL, or the screen would ask again.
 */
export function prefetchQueries(
  queryClient: QueryClient,
  queries: (location: ScreenLocation) => AnyQueryOptions[] | Promise<AnyQueryOptions[]>,
) {
  return ({ params, request }: LoaderFunctionArgs) => {
    const search = new URL(request.url).searchParams;
    void Promise.resolve(queries({ params, search }))
      .catch(() => [])
      .then((list) => Promise.all(list.map((options) => ensureQuery(queryClient, options).catch(() => undefined))));
    return null;
  };
}

/** The loader of a dashboard screen: its queries (see screen-queries.ts) are fetched while its code downloads. */
export const screenLoader = (queryClient: QueryClient, screen: ScreenName) =>
  prefetchQueries(queryClient, (location) => SCREEN_QUERIES[screen](location));

/**
 * The loader of a screen only some users may open (see `screenLoader`): its queries are fetched only for a signed-in
 * user `allowed` admits. Anyone else is sent on by the route's guard, and their browser never asks for what the
 * server would refuse.
 */
export const guardedScreenLoader = (queryClient: QueryClient, screen: ScreenName, allowed: (me: Me) => boolean) =>
  prefetchQueries(queryClient, async (location) => {
    const me = await queryClient.ensureQueryData(meQueryOptions()).catch(() => null);
    return me && allowed(me) ? SCREEN_QUERIES[screen](location) : [];
  });

/** A route `loader` that fetches a screen's one query (see `prefetchQueries`). */
export function prefetchQuery<Data, Key extends QueryKey>(
  queryClient: QueryClient,
  options: () => EnsureQueryDataOptions<Data, Error, Data, Key>,
) {
  return prefetchQueries(queryClient, () => [options()]);
}
