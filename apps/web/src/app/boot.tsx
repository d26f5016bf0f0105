/** Starts the app (see main.tsx): hydrates the prerendered HTML the server sent, or renders into the empty shell. */
import { PAGE_STATE_ELEMENT_ID, TIME_ZONE_COOKIE } from '@portal/shared/page-answers';
import { hydrate } from '@tanstack/react-query';
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
// The server renders a signed-in page's times in this browser's zone, as it last told it.
// biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in some supported browsers
document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(deviceTimeZone())}; path=/; max-age=31536000; samesite=lax`;

// The translation namespaces a page rendered on the server used, loaded before hydrating it.
let pageNamespaces: string[] = [];
// The zone a page rendered on the server shows its times in; another than this device's means rendering afresh.
let pageTimeZone: string | undefined;
if (prerendered && container.dataset.signedIn !== undefined) {
  // A signed-in page rendered on the server: the browser starts from the data it showed, so hydration matches.
  const element = document.getElementById(PAGE_STATE_ELEMENT_ID);
  element?.remove();
  try {
    const state = JSON.parse(element?.textContent ?? 'null') as PageState;
    hydrate(queryClient, state.queries);
    pageNamespaces = Array.isArray(state.namespaces) ? state.namespaces : [];
    pageTimeZone = state.timeZone;
  } catch {
    // A damaged block: the screens ask for their data and the page renders afresh.
  }
} else if (prerendered) {
  // The build prerenders public pages, for visitors without a session: nobody is signed in.
  queryClient.setQueryData(meQueryOptions().queryKey, null);
}

// A browser that has not made its cookie choice shows the banner on its first screen: its code loads beside the
// screen's instead of after the first render.
if (!prerendered && readStoredConsent() === null) loadCookieBanner().catch(() => undefined);

const router = createRouter(queryClient);
const app = (
  <AppRoot queryClient={queryClient} router={router} bannerPrerendered={container.dataset.banner !== undefined} />
);

if (prerendered) {
  // Hydrate once the screen's code and texts are here, so the first client render matches the HTML. A visitor
  // whose stored language differs from the one the server picked gets a fresh render in their language.
  // Otherwise a part using another namespace would wait for it, unhydrated, after the rest.
  void Promise.all([i18nReady, routerReady(router), i18nReady.then(() => preloadNamespaces(pageNamespaces))]).then(
    () => {
      // As a transition, hydration yields to the browser between components instead of blocking it. A page in
      // another language, or with times in another zone, than this browser's is rendered afresh.
      const matches = currentLanguage() === prerendered && (pageTimeZone ?? deviceTimeZone()) === deviceTimeZone();
      if (matches) startTransition(() => void hydrateRoot(container, app));
      else createRoot(container).render(app);
    },
  );
} else {
  createRoot(container).render(app);
}
