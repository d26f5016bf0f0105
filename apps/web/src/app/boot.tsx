/** Starts the app (see main.tsx): hydrates the prerendered HTML the server sent, or renders into the empty shell. */
import { PAGE_STATE_ELEMENT_ID, TIME_ZONE_COOKIE } from '@portal/shared/page-answers';
import type { QueryClient } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { meQueryOptions } from '@/lib/auth';
import { readStoredConsent } from '@/lib/consent';
import { currentLanguage, i18nReady, preloadNamespaces } from '@/lib/i18n';
import { deviceTimeZone } from '@/lib/intl-formats';
import { createQueryClient } from '@/lib/query-client';
import { AppRoot, routerReady } from './app-root';
import type { PageState } from './prerender';
import { loadCookieBanner } from './providers';
import { createRouter } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('Root element missing');

// One query client for the screens and for the route loaders that fetch a screen's data alongside its code.
const queryClient = createQueryClient();

// The language of the HTML the build or the server prerendered (see prerender.tsx); unset for the plain app shell.
const prerendered = container.dataset.prerendered;

/** Lets the browser handle input and paint between the steps of taking over a page it already shows. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The server renders a signed-in page's times in this browser's zone, as it last told it. */
function reportTimeZone() {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in some supported browsers
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(deviceTimeZone())}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * What a signed-in page rendered on the server came with (its data goes into the query client, so the first render
 * matches the HTML): the translation namespaces it used and the zone its times are in. Null for other pages.
 */
async function takePageState(client: QueryClient): Promise<Pick<PageState, 'namespaces' | 'timeZone'> | null> {
  if (container?.dataset.signedIn === undefined) return null;
  const element = document.getElementById(PAGE_STATE_ELEMENT_ID);
  element?.remove();
  try {
    const state = JSON.parse(element?.textContent ?? 'null') as PageState;
    // Only these pages need the code that reads a query client's state; the landing and sign-in go without it.
    const { hydrate } = await import('./page-state-hydrate');
    hydrate(client, state.queries);
    return { namespaces: Array.isArray(state.namespaces) ? state.namespaces : [], timeZone: state.timeZone };
  } catch {
    // A damaged block: the screens ask for their data and the page is rendered afresh.
    return null;
  }
}

const app = (router: ReturnType<typeof createRouter>) => (
  <AppRoot queryClient={queryClient} router={router} bannerPrerendered={container.dataset.banner !== undefined} />
);

/**
 * Takes over a page the build or the server rendered, in steps with the browser free in between (the app's code has
 * just run as one task): hydrated once the screen's code and texts are here, so the first render matches the HTML.
 * A page in another language, or with times in another zone, than this browser's is rendered afresh.
 */
async function takeOver(page: HTMLElement, language: string) {
  const state = await takePageState(queryClient);
  // A page the build rendered is for visitors without a session; a signed-in page whose state could not be read
  // asks who is signed in like any other.
  if (!state && page.dataset.signedIn === undefined) queryClient.setQueryData(meQueryOptions().queryKey, null);
  await nextTask();
  const router = createRouter(queryClient);
  // A part using a namespace not yet here would wait for it, unhydrated, after the rest.
  await Promise.all([i18nReady, routerReady(router), i18nReady.then(() => preloadNamespaces(state?.namespaces ?? []))]);
  await nextTask();
  reportTimeZone();
  const matches = currentLanguage() === language && (state?.timeZone ?? deviceTimeZone()) === deviceTimeZone();
  // As a transition, hydration yields to the browser between components instead of blocking it.
  if (matches) startTransition(() => void hydrateRoot(page, app(router)));
  else createRoot(page).render(app(router));
}

if (prerendered) {
  void takeOver(container, prerendered);
} else {
  reportTimeZone();
  // A browser that has not made its cookie choice shows the banner on its first screen: its code loads beside the
  // screen's instead of after the first render.
  if (readStoredConsent() === null) loadCookieBanner().catch(() => undefined);
  createRoot(container).render(app(createRouter(queryClient)));
}
