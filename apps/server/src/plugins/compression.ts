import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Text answers worth compressing: JSON, text (but never a `text/event-stream`, which must reach the client
 * event by event), XML, JavaScript and SVG. Archives (zip, apkg), images, audio, video and
 * `application/octet-stream` downloads are already compressed or opaque, so they go out as they are.
 */
export const COMPRESSIBLE_TYPES =
  /^text\/(?!event-stream)|^application\/(?:[\w.-]+\+)?(?:json|xml)(?:;|$)|^(?:application|text)\/javascript(?:;|$)|^image\/svg\+xml(?:;|$)/;

/** Answers of 1 KB or more are sent with brotli or gzip as the browser asks; smaller ones are not worth it. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * On-the-fly compression of API answers. Register before the routes: it adds its hook to each route declared
 * after it. Files the web build precompressed are served as they are (see static-spa.ts).
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD,
    encodings: ['br', 'gzip'],
    // Request bodies keep their own handling (uploads are parsed by their routes).
    globalDecompression: false,
    customTypes: COMPRESSIBLE_TYPES,
    // Fast brotli for live answers: most of the gain at a fraction of the CPU of the default level 11.
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
});
