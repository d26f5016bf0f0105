import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

// Fast brotli for live answers: most of the gain at a fraction of the CPU of the default level 11.
const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };

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
    brotliOptions: BROTLI_OPTIONS,
  });
});

/**
 * Sends a page built for this request (not a route's answer, so the hook above does not see it) with brotli or
 * gzip as the browser asks.
 */
export function sendCompressedText(request: FastifyRequest, reply: FastifyReply, text: string) {
  reply.header('vary', [reply.getHeader('vary'), 'Accept-Encoding'].filter(Boolean).join(', '));
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
  if (encoding === null || Buffer.byteLength(text) < COMPRESSION_THRESHOLD) return reply.send(text);
  reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? brotliCompressSync(text, BROTLI_OPTIONS) : gzipSync(text));
}
