import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { InterfaceLanguage } from '@portal/shared/language';

/**
 * What the web build wrote (its scripts/page-code.ts): per page, the code files it opens with beyond index.html's,
 * and its texts per language.
 */
type PageCode = Record<string, { code?: string[]; texts?: Record<string, string[]> }>;

const SAFE_FILE = /^assets\/[\w.-]+\.js$/;

/** The part every page shows to a browser that has not made its cookie choice. */
const COOKIE_BANNER = 'cookie-banner';

/**
 * Lists a page's code and texts (in the visitor's language) as module preloads in its HTML, so the browser fetches
 * them beside the start-up code instead of after the router has started. `"/dashboard/*"` covers every page under
 * `/dashboard`; the cookie banner's code comes along while the browser has not made its choice. A build without the
 * file leaves pages as they are.
 */
export function pageCode(distDir: string) {
  let pages: PageCode | undefined;
  const read = (): PageCode => {
    if (pages) return pages;
    const file = path.join(distDir, 'page-code.json');
    pages = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PageCode) : {};
    return pages;
  };
  type Visit = { pathname: string; language: InterfaceLanguage; cookieChoiceMade: boolean };
  const shows = (part: string, { pathname, cookieChoiceMade }: Visit) => {
    if (part === COOKIE_BANNER) return !cookieChoiceMade;
    const under = part.endsWith('/*') ? part.slice(0, -2) : null;
    return under === null ? pathname === part : pathname === under || pathname.startsWith(`${under}/`);
  };
  const filesFor = (visit: Visit) =>
    Object.entries(read()).flatMap(([part, { code = [], texts = {} }]) =>
      shows(part, visit) ? [...code, ...(texts[visit.language] ?? [])] : [],
    );

  return function withPageCode(html: string, visit: Visit): string {
    const pathname = visit.pathname.replace(/(.)\/+$/, '$1');
    const files = [...new Set(filesFor({ ...visit, pathname }))].filter((file) => SAFE_FILE.test(file));
    if (files.length === 0) return html;
    const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
    return html.replace('</head>', `${links}</head>`);
  };
}
