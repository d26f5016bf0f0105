/**
 * Rendering the app outside the browser, so the first paint comes with the HTML instead of after the JavaScript:
 * - at build time, the public pages visitors open first (`/`, `/login`) in every interface language, with and
 *   without the cookie banner (scripts/prerender.mjs writes them into the build; the server sends them to visitors
 *   without a session);
 * - on the server, a signed-in visitor's dashboard page, from the answers the page goes out with (the server's
 *   page-answers.ts and signed-in-render.ts).
 * main.tsx hydrates either.
 */
import type { InterfaceLanguage } from '@portal/shared/language';
import type { PageAnswer } from '@portal/shared/page-answers';
import { type DehydratedState, dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { meQueryOptions } from '@/lib/auth';
import { i18n, i18nReady } from '@/lib/i18n';
import { renderForTimeZone } from '@/lib/intl-formats';
import { handOverPageAnswers, type ServerAsk } from '@/lib/page-answers';
import { createQueryClient } from '@/lib/query-client';
import { AppRoot, routerReady } from './app-root';
import { appRoutes } from './router';

/** React's marker of a Suspense boundary it could not render on the server. */
export const CLIENT_RENDERED = '<!--$!-->';

/** How long a render on the server waits for the screen's code, texts and data before it gives up. */
const SETTLE_MS = 1_500;

// One render at a time: the interface language, time zone and page's answers are set for the whole app while it
// renders. A page that would wait behind this many others goes out unrendered, for the browser to render.
const MOST_WAITING = 8;
let queue: Promise<unknown> = Promise.resolve();
let waiting = 0;
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  waiting += 1;
  const run = () =>
    work().finally(() => {
      waiting -= 1;
    });
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Whether a query's component would fetch it (`enabled` false, or a function saying so, keeps it waiting). */
const enabledOf = (query: Query) => {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
};

/**
 * Renders `app` once every lazy part (a screen's code, its texts) has arrived, which the rendering waits for;
 * false if a part failed to render.
 */
async function renderWhole(app: ReactElement): Promise<boolean> {
  let failed = false;
  const { prelude } = await prerenderToNodeStream(app, {
    onError: () => {
      failed = true;
    },
  });
  for await (const _ of prelude) {
    // Only whether it renders matters here; the markup comes from the last pass (see renderSettled).
  }
  return !failed;
}

/**
 * Renders until nothing is left to load: lazy parts are waited for, and a query a component asks for is fetched
 * here as the browser would once the component mounts; each pass renders again with the data that arrived.
 * Returns null if a part failed, or something was still missing when time ran out.
 */
async function renderSettled(app: ReactElement, queryClient: QueryClient): Promise<string | null> {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    if (!(await renderWhole(app))) return null;
    const idle = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && enabledOf(query));
    for (const query of idle) void query.fetch().catch(() => undefined);
    if (idle.length === 0 && queryClient.isFetching() === 0) {
      // Everything is here, so nothing suspends: the markup without the streaming render's swap instructions.
      const html = renderToString(app);
      return html.includes(CLIENT_RENDERED) ? null : html;
    }
    if (Date.now() > deadline) return null;
    while (queryClient.isFetching() > 0 && Date.now() <= deadline) await tick();
  }
}

/** The app's markup for `url` in `language`, as a visitor who is not signed in sees it. */
export async function prerender(
  url: string,
  language: InterfaceLanguage,
  { banner }: { banner: boolean },
): Promise<string> {
  return oneAtATime(async () => {
    await i18nReady;
    await i18n.changeLanguage(language);
    const queryClient = createQueryClient();
    queryClient.setQueryData(meQueryOptions().queryKey, null);
    const router = createMemoryRouter(appRoutes(queryClient), { initialEntries: [url] });
    await routerReady(router);
    try {
      const html = await renderSettled(
        <AppRoot queryClient={queryClient} router={router} bannerPrerendered={banner} />,
        queryClient,
      );
      return html ?? CLIENT_RENDERED;
    } finally {
      router.dispose();
      queryClient.clear();
    }
  });
}

/**
 * A signed-in page rendered on the server: its markup, and what the browser needs before its first render to match
 * it: the data the page shows, and the translation namespaces it used.
 */
export type SignedInPage = { html: string; state: PageState };
export type PageState = { queries: DehydratedState; namespaces: string[]; timeZone: string };

type UsedNamespaces = { reportNamespaces?: { usedNamespaces: Record<string, boolean>; getUsedNamespaces(): string[] } };

/**
 * The markup of the signed-in page at `url` (path and query) in `language`, from the answers to its first requests
 * (`answers`, keyed by path) and `ask` for any other request its screen makes. Null when the page cannot be
 * rendered whole: a request failed or was refused (the screen shows that in the browser), or something did not
 * arrive in time. `banner`: the browser has not made its cookie choice, so the page may show the banner.
 * `timeZone`: the browser's, in which the page shows times.
 */
export function renderSignedInPage(
  url: string,
  language: InterfaceLanguage,
  answers: Record<string, PageAnswer>,
  ask: ServerAsk,
  { banner, timeZone }: { banner: boolean; timeZone: string },
): Promise<SignedInPage | null> {
  if (waiting >= MOST_WAITING) return Promise.resolve(null);
  return oneAtATime(async () => {
    await i18nReady;
    await i18n.changeLanguage(language);
    // react-i18next notes each namespace a component uses; start the note afresh for this page.
    const used = (i18n as unknown as UsedNamespaces).reportNamespaces;
    if (used) used.usedNamespaces = {};
    const queryClient = createQueryClient();
    // A failure is the browser's to retry and show.
    queryClient.setDefaultOptions({
      ...queryClient.getDefaultOptions(),
      queries: { ...queryClient.getDefaultOptions().queries, retry: false },
    });
    // Set only inside the try, so the next render never starts from this visitor's answers or zone.
    let router: ReturnType<typeof createMemoryRouter> | undefined;
    try {
      handOverPageAnswers(answers, ask);
      renderForTimeZone(timeZone);
      router = createMemoryRouter(appRoutes(queryClient), { initialEntries: [url] });
      await routerReady(router);
      // A guard that sent the visitor elsewhere (a role's home, sign-in) is the browser's to follow.
      const trimmed = (pathname: string) => pathname.replace(/(.)\/+$/, '$1');
      if (trimmed(router.state.location.pathname) !== trimmed(new URL(url, 'http://page').pathname)) return null;
      const html = await renderSettled(
        <AppRoot queryClient={queryClient} router={router} bannerPrerendered={banner} />,
        queryClient,
      );
      const failed = queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status === 'error' });
      if (html === null || failed.length > 0) return null;
      const namespaces = (i18n as unknown as UsedNamespaces).reportNamespaces?.getUsedNamespaces() ?? [];
      return { html, state: { queries: dehydrate(queryClient), namespaces, timeZone } };
    } finally {
      handOverPageAnswers(null);
      renderForTimeZone(undefined);
      router?.dispose();
      queryClient.clear();
    }
  });
}
