/**
 * Build-time prerender of the public pages visitors open first (`/`, `/login`), in every interface language, with
 * and without the cookie banner: scripts/prerender.mjs writes the HTML into the built index.html, the server sends
 * it to visitors without a session, and main.tsx hydrates it. The first paint then comes with the HTML instead of
 * after the JavaScript.
 */
import type { InterfaceLanguage } from '@portal/shared/language';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { meQueryOptions } from '@/lib/auth';
import { i18n, i18nReady } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { AppRoot, routerReady } from './app-root';
import { appRoutes } from './router';

/** React's marker of a Suspense boundary it could not render on the server. */
export const CLIENT_RENDERED = '<!--$!-->';

/** The app's markup for `url` in `language`, as a visitor who is not signed in sees it. */
export async function prerender(
  url: string,
  language: InterfaceLanguage,
  { banner }: { banner: boolean },
): Promise<string> {
  await i18nReady;
  await i18n.changeLanguage(language);
  const queryClient = createQueryClient();
  queryClient.setQueryData(meQueryOptions().queryKey, null);
  const router = createMemoryRouter(appRoutes(queryClient), { initialEntries: [url] });
  await routerReady(router);
  try {
    const app = <AppRoot queryClient={queryClient} router={router} bannerPrerendered={banner} />;
    // A lazy part (the banner's code, a screen's texts) first renders as its fallback and starts loading; render
    // again once it is there, so no part of the page is left to the client.
    let html = renderToString(app);
    for (let pass = 0; html.includes(CLIENT_RENDERED) && pass < 5; pass += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      html = renderToString(app);
    }
    return html;
  } finally {
    router.dispose();
    queryClient.clear();
  }
}
