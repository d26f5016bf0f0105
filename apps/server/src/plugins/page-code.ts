import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** What the web build wrote (its scripts/page-code.ts): the code files each page opens with, beyond index.html's. */
type PageCode = Record<string, string[]>;

const SAFE_FILE = /^assets\/[\w.-]+\.js$/;

/**
 * Lists a page's code as module preloads in its HTML, so the browser fetches the screen's code beside the start-up
 * code instead of after the router has started. `"/dashboard/*"` covers every page under `/dashboard`. A build
 * without the file (or an older one) leaves pages as they are.
 */
export function pageCode(distDir: string) {
  let code: PageCode | undefined;
  const read = (): PageCode => {
    if (code) return code;
    const file = path.join(distDir, 'page-code.json');
    code = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PageCode) : {};
    return code;
  };
  const filesFor = (pathname: string) =>
    Object.entries(read()).flatMap(([page, files]) => {
      const under = page.endsWith('/*') ? page.slice(0, -2) : null;
      const matches = under === null ? pathname === page : pathname === under || pathname.startsWith(`${under}/`);
      return matches ? files : [];
    });

  return function withPageCode(html: string, pathname: string): string {
    const files = [...new Set(filesFor(pathname.replace(/(.)\/+$/, '$1')))].filter((file) => SAFE_FILE.test(file));
    if (files.length === 0) return html;
    const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
    return html.replace('</head>', `${links}</head>`);
  };
}
