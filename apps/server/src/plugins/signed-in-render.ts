import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { InterfaceLanguage } from '@portal/shared/language';
import { PAGE_STATE_ELEMENT_ID, type PageAnswer, TIME_ZONE_COOKIE } from '@portal/shared/page-answers';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { cookieValue } from './prerendered-pages.ts';

/** JSON that can sit inside a `<script>` element: no `<` can close it or open a comment. */
export const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** How a render asks the API for a request the page's answers do not hold. */
export type Ask = (path: string) => Promise<PageAnswer | null>;

/** The web build's render of a signed-in page (its src/app/prerender.tsx, `renderSignedInPage`). */
type RenderSignedInPage = (
  url: string,
  language: InterfaceLanguage,
  answers: Record<string, PageAnswer>,
  ask: Ask,
  options: { banner: boolean; timeZone: string },
) => Promise<{ html: string; state: unknown } | null>;

export type SignedInVisit = {
  /** The address asked for, path and query. */
  url: string;
  language: InterfaceLanguage;
  answers: Record<string, PageAnswer>;
  ask: Ask;
  /** The browser has not made its cookie choice: the page may show the banner. */
  banner: boolean;
  /** The browser's time zone, in which the page shows times. */
  timeZone: string;
};

const knownZone = (zone: unknown): zone is string => {
  if (typeof zone !== 'string' || zone === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * The zone the visitor's browser shows times in: as the web app last reported it (TIME_ZONE_COOKIE), else the one
 * their profile names (usually the same), else the server's own. The browser renders a page made for another zone
 * afresh (boot.tsx), so a wrong guess costs speed, not correctness.
 */
export function visitorTimeZone(request: FastifyRequest, profile: PageAnswer | undefined): string {
  const reported = cookieValue(request.headers.cookie, TIME_ZONE_COOKIE);
  let fromCookie: string | undefined;
  try {
    fromCookie = reported === undefined ? undefined : decodeURIComponent(reported);
  } catch {
    fromCookie = undefined;
  }
  if (knownZone(fromCookie)) return fromCookie;
  const fromProfile = profile?.status === 200 ? (profile.body as { profile?: { timezone?: unknown } }).profile : null;
  if (knownZone(fromProfile?.timezone)) return fromProfile.timezone;
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * Renders a signed-in visitor's dashboard page into the app shell with the web build's own render
 * (`dist/.render/prerender.js`, loaded on the first such page), so the screen paints with the HTML and the app
 * hydrates it (main.tsx, boot.tsx). The data the page shows goes along as the query client's state. Returns null,
 * and the shell goes out as before, when the build has no render, or the page could not be rendered whole.
 */
export function signedInRender(distDir: string, log: FastifyBaseLogger) {
  const bundle = path.join(distDir, '.render', 'prerender.js');
  let loaded: Promise<RenderSignedInPage | null> | undefined;
  const load = () => {
    loaded ??= existsSync(bundle)
      ? import(pathToFileURL(bundle).href).then(
          (module: { renderSignedInPage?: RenderSignedInPage }) => module.renderSignedInPage ?? null,
          (error: unknown) => {
            log.error(
              { err: error },
              'the web build’s page render did not load; signed-in pages render in the browser',
            );
            return null;
          },
        )
      : Promise.resolve(null);
    return loaded;
  };

  return async function renderInto(shell: string, visit: SignedInVisit): Promise<string | null> {
    const render = await load();
    if (!render) return null;
    let page: Awaited<ReturnType<RenderSignedInPage>>;
    try {
      page = await render(visit.url, visit.language, visit.answers, visit.ask, {
        banner: visit.banner,
        timeZone: visit.timeZone,
      });
    } catch (error) {
      log.warn({ err: error, url: visit.url }, 'a signed-in page did not render on the server');
      return null;
    }
    if (!page) return null;
    const root = `<div id="root" data-prerendered="${visit.language}" data-signed-in${visit.banner ? ' data-banner' : ''}>${page.html}</div>`;
    const state = `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${scriptSafeJson(page.state)}</script>`;
    // Replaced by functions: the page's own text may hold `$&` and the like, which a replacement string would expand.
    // The app's code starts once the page has painted (main.tsx), so nothing is preloaded to compete with that paint.
    return shell
      .replace(/\s*<link rel="modulepreload"[^>]* data-app-code[^>]*>/g, '')
      .replace(/<html lang="[^"]*">/, () => `<html lang="${visit.language}">`)
      .replace('<div id="root"></div>', () => root)
      .replace('</body>', () => `${state}</body>`);
  };
}
