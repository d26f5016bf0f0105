import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { InterfaceLanguage } from '@portal/shared/language';

/**
 * What the web build wrote (its scripts/page-code.ts): per page, the code files it opens with beyond index.html's,
 * and its texts per language.
 */
type PageCode = Record<string, { code?: string[]; texts?: Record<string, string[]> }>;

const SAFE_FILE = /^assets\/[\w.-]+\.js$/;

/**
 * Lists a page's code and texts (in the visitor's language) as module preloads in its HTML, so the browser fetches
 * them beside the start-up code instead of after the router has started. `"/dashboard/*"` covers every page under
 * `/dashboard`. A build without the file leaves pages as they are.
 */
export function pageCode(distDir: string) {
  let pages: PageCode | undefined;
  const read = (): PageCode => {
    if (pages) return pages;
    const file = path.join(distDir, 'page-code.json');
    pages = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PageCode) : {};
    return pages;
  };
  const filesFor = (pathname: string, language: InterfaceLanguage) =>
    Object.entries(read()).flatMap(([page, { code = [], texts = {} }]) => {
      const under = page.endsWith('/*') ? page.slice(0, -2) : null;
      const matches = under === null ? pathname === page : pathname === under || pathname.startsWith(`${under}/`);
      return matches ? [...code, ...(texts[language] ?? [])] : [];
    });

  return function withPageCode(html: string, pathname: string, language: InterfaceLanguage): string {
    const files = [...new Set(filesFor(pathname.replace(/(.)\/+$/, '$1'), language))].filter((file) =>
      SAFE_FILE.test(file),
    );
    if (files.length === 0) return html;
    const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
    return html.replace('</head>', `${links}</head>`);
  };
}
