#!/usr/bin/env node
/**
 * Writes the prerendered public pages into the built app: for each interface language and each page, the built
 * index.html with the page's markup inside #root (and its language on <html>), plus .br and .gz copies, at
 * dist/prerendered/<language>/<page>.html (with the cookie banner) and <page>.chosen.html (without). The server
 * sends them to visitors without a session (see the server's prerendered-pages.ts); the app hydrates them.
 * Run after both builds: node scripts/prerender.mjs [distDir]
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const webDir = path.join(import.meta.dirname, '..');
const distDir = path.resolve(process.argv[2] ?? path.join(webDir, 'dist'));
const bundle = path.join(distDir, '.render', 'prerender.js');
const LANGUAGES = ['en', 'zh', 'de'];
/**
 * URL -> file name under prerendered/<language>/ (the server maps a request path the same way). The pages carry
 * no preloads beyond the entry: anything the browser downloads before the first paint competes with it, and the
 * app's code starts after that paint anyway (main.tsx).
 */
const PAGES = { '/': 'index', '/login': 'login' };
const ROOT = '<div id="root"></div>';

// React's production build, as the browser runs it (and without development-only markup).
process.env.NODE_ENV ??= 'production';
const { prerender } = await import(pathToFileURL(bundle).href);
// Without the preloads of the app's start-up code (scripts/preload-app-code.ts): here it starts after the first paint.
const template = (await readFile(path.join(distDir, 'index.html'), 'utf8')).replace(
  /\s*<link rel="modulepreload"[^>]* data-app-code[^>]*>/g,
  '',
);

/** With the cookie banner for a visitor who has not chosen yet (`<page>.html`), without it after a choice. */
const VARIANTS = [
  { suffix: '', banner: true },
  { suffix: '.chosen', banner: false },
];

for (const language of LANGUAGES) {
  const dir = path.join(distDir, 'prerendered', language);
  await mkdir(dir, { recursive: true });
  for (const [url, name] of Object.entries(PAGES)) {
    for (const { suffix, banner } of VARIANTS) {
      const markup = await prerender(url, language, { banner });
      // A part that could not render on the server would be left to the client: a flash and a hydration error.
      if (markup.includes('<!--$!-->') || markup.includes('<script')) {
        throw new Error(`${url} (${language}): part of the page did not prerender`);
      }
      const root = `<div id="root" data-prerendered="${language}"${banner ? ' data-banner' : ''}>${markup}</div>`;
      const html = template.replace('<html lang="en">', `<html lang="${language}">`).replace(ROOT, root);
      const file = path.join(dir, `${name}${suffix}.html`);
      await writeFile(file, html);
      await writeFile(`${file}.br`, brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      await writeFile(`${file}.gz`, gzipSync(html, { level: 9 }));
      console.log(`prerendered ${path.relative(distDir, file)}: ${(html.length / 1024).toFixed(1)} KB`);
    }
  }
}
// The React tree keeps timers (query cache, router) that would hold the process open.
process.exit(0);
