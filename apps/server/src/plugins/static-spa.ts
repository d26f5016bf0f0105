import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendCompressedText } from './compression.ts';
import { hasSessionCookie } from './csrf.ts';
import { pageAnswers } from './page-answers.ts';
import { pageCode } from './page-code.ts';
import { cookieChoiceMade, prerenderedPages, visitorLanguage } from './prerendered-pages.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app; any non-API path falls back to index.html so the client router decides.
 * Text files the build precompressed (`.br`, `.gz` beside the original) go out in the encoding the browser
 * accepts. Hashed files under assets/ are cached for a year; index.html is revalidated on every load. `/` and
 * `/login` go out prerendered in the visitor's language when the build made them (prerendered-pages.ts); a signed-in
 * visitor's dashboard page goes out with the answers to its first API requests (page-answers.ts) and its screen's
 * code preloaded (page-code.ts).
 */
export const staticSpaPlugin = fp(async (app: FastifyInstance, { distDir }: { distDir: string }) => {
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  const pages = prerenderedPages(distDir);
  const withAnswers = pageAnswers(app, distDir);
  const withCode = pageCode(distDir);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', IMMUTABLE);
        } else if (path.extname(filePath.replace(/\.(br|gz)$/, '')) === '.html') {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url === '/api' || request.method !== 'GET' || !hasBuild) {
      return reply.status(404).send({ error: { code: 'not_found', message: `No route for ${request.method} ${url}` } });
    }
    if (path.extname(url) !== '') {
      return reply.status(404).send({ error: { code: 'not_found', message: 'File not found.' } });
    }
    reply.header('cache-control', 'no-cache');
    // The page differs by session and language; a shared cache must not hand one visitor's to another.
    reply.header('vary', 'Cookie, Accept-Language');
    const prerendered = pages.pick(request);
    if (prerendered) return reply.sendFile(prerendered);
    const page = hasSessionCookie(request) ? await withAnswers(request) : null;
    if (page === null) return reply.sendFile('index.html');
    // The visitor's own data is in it: no cache may keep it.
    reply.header('cache-control', 'private, no-store');
    // A page rendered on the server paints before its code is needed, which starts after that paint (main.tsx).
    const html = page.rendered
      ? page.html
      : withCode(page.html, {
          pathname: url,
          language: visitorLanguage(request),
          cookieChoiceMade: cookieChoiceMade(request),
        });
    return sendCompressedText(request, reply.type('text/html; charset=utf-8'), html);
  });
});
