import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { startTestApp, testTargets } from '../testing/test-app.ts';
import { compressionPlugin } from './compression.ts';

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body>${'<p>portal</p>'.repeat(200)}</body></html>`;

/** A web build as Vite leaves it: hashed assets with .br and .gz siblings, and index.html. */
function writeBuildFixture(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-web-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  const write = (file: string, content: string) => {
    writeFileSync(path.join(dir, file), content);
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(content));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(content));
  };
  write('index.html', INDEX);
  write('assets/index-abc123.js', SCRIPT);
  writeFileSync(path.join(dir, 'assets', 'photo-abc123.png'), Buffer.alloc(4096, 7));
  return dir;
}

const decode = (encoding: string | undefined, body: Buffer) =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString();

describe('the built web app is served compressed and cached by kind', () => {
  let app: App;
  let close: () => Promise<void>;
  let distDir: string;

  beforeAll(async () => {
    distDir = writeBuildFixture();
    const [target] = testTargets();
    if (!target) throw new Error('no test target');
    const started = await startTestApp(target, { webDistDir: distDir });
    app = started.app;
    close = started.close;
  });
  afterAll(async () => {
    await close();
    rmSync(distDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
  ])(
    'a hashed script asked with Accept-Encoding %s comes precompressed as %s, cached for a year',
    async (accept, encoding) => {
      const response = await get('/assets/index-abc123.js', accept);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
      expect(decode(encoding, response.rawPayload)).toBe(SCRIPT);
    },
  );

  it('a browser that accepts no compression gets the plain file', async () => {
    const response = await get('/assets/index-abc123.js');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(SCRIPT);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/', '/dashboard/learner', '/index.html'])(
    '%s answers index.html compressed and never cached stale',
    async (url) => {
      const response = await get(url, 'br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(decode('br', response.rawPayload)).toBe(INDEX);
    },
  );

  it('index.html without Accept-Encoding is plain', async () => {
    const response = await get('/login');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(INDEX);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('an image is sent as it is, whatever the browser accepts', async () => {
    const response = await get('/assets/photo-abc123.png', 'br, gzip');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.length).toBe(4096);
  });

  it('small API answers stay uncompressed', async () => {
    const response = await get('/api/health', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});

describe('API answers are compressed on the fly by type and size', () => {
  let server: FastifyInstance;
  const rows = Array.from({ length: 100 }, (_, index) => ({ id: index, title: `Lesson ${index}` }));
  const archive = Buffer.from('PK'.repeat(2048));

  beforeAll(async () => {
    server = Fastify();
    await server.register(compressionPlugin);
    server.get('/big', async () => ({ rows }));
    server.get('/small', async () => ({ ok: true }));
    server.get('/events', async (_request, reply) =>
      reply.type('text/event-stream; charset=utf-8').send('event: token\ndata: "word"\n\n'.repeat(200)),
    );
    server.get('/deck.apkg', async (_request, reply) => reply.type('application/zip').send(archive));
    server.get('/download', async (_request, reply) => reply.type('application/octet-stream').send(archive));
    await server.ready();
  });
  afterAll(async () => {
    await server.close();
  });

  const get = (url: string, acceptEncoding?: string) =>
    server.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it.each([
    ['br', 'br'],
    ['gzip, deflate', 'gzip'],
  ])('JSON above 1 KB asked with %s comes as %s and decodes to the same data', async (accept, encoding) => {
    const response = await get('/big', accept);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(JSON.parse(decode(encoding, response.rawPayload))).toEqual({ rows });
  });

  it('JSON above 1 KB without Accept-Encoding is plain', async () => {
    const response = await get('/big');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ rows });
  });

  it('JSON under 1 KB is not compressed', async () => {
    const response = await get('/small', 'br, gzip');
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it.each(['/events', '/deck.apkg', '/download'])('%s (event stream or archive) is never compressed', async (url) => {
    const response = await get(url, 'br, gzip');
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});
