import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app; any non-API path falls back to index.html so the client router decides.
 * Text files the build precompressed (`.br`, `.gz` beside the original) go out in the encoding the browser
 * accepts. Hashed files under assets/ are cached for a year; index.html is revalidated on every load.
 */
export const staticSpaPlugin = fp(async (app: FastifyInstance, { distDir }: { distDir: string }) => {
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', IMMUTABLE);
        } else if (path.basename(filePath).startsWith('index.html')) {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url === '/api' || request.method !== 'GET' || !hasBuild) {
      return reply.status(404).send({ error: { code: 'not_found', message: `No route for ${request.method} ${url}` } });
    }
    if (path.extname(url) !== '') {
      return reply.status(404).send({ error: { code: 'not_found', message: 'File not found.' } });
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
});
