import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../testing/s3-server.ts';
import { type BlobStore, createLocalBlobStore } from './blob-store.ts';
import { createS3BlobStore } from './s3-blob-store.ts';

type Target = { name: string; open(): Promise<{ store: BlobStore; close(): Promise<void> }> };

const targets: Target[] = [
  {
    name: 'the local filesystem',
    async open() {
      const root = await mkdtemp(path.join(tmpdir(), 'blobs-'));
      return { store: createLocalBlobStore({ root }), close: () => rm(root, { recursive: true, force: true }) };
    },
  },
  {
    name: 'an S3-compatible server',
    async open() {
      const server = await startS3Server();
      const store = await createS3BlobStore(server.settings);
      return {
        store,
        async close() {
          store.client.destroy();
          await server.close();
        },
      };
    },
  },
];

/** The same contract for every store: what the SCORM player, course media and imports rely on. */
describe.each(targets)('blob store on $name', (target) => {
  let store: BlobStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ store, close } = await target.open());
  });
  afterAll(() => close());

  it('stores a stream and reads it back whole or by byte range', async () => {
    const { size } = await store.put('courses/c1/notes.txt', Readable.from(['hello ', 'world']));
    expect(size).toBe(11);
    expect(await text(await store.get('courses/c1/notes.txt'))).toBe('hello world');
    expect(await text(await store.get('courses/c1/notes.txt', { start: 6, end: 10 }))).toBe('world');
    expect((await store.stat('courses/c1/notes.txt'))?.size).toBe(11);
  });

  it('streams a file larger than one multipart part and replaces what was there', async () => {
    const big = randomBytes(9 * 1024 * 1024 + 123);
    await store.put('packages/big.zip', Readable.from(['old']));
    const { size } = await store.put(
      'packages/big.zip',
      Readable.from(
        (function* () {
          for (let offset = 0; offset < big.length; offset += 64 * 1024) yield big.subarray(offset, offset + 64 * 1024);
        })(),
      ),
    );
    expect(size).toBe(big.length);
    expect((await buffer(await store.get('packages/big.zip'))).equals(big)).toBe(true);
    const tail = await buffer(await store.get('packages/big.zip', { start: big.length - 10, end: big.length - 1 }));
    expect(tail.equals(big.subarray(big.length - 10))).toBe(true);
  });

  it('refuses a file over the limit and leaves nothing behind', async () => {
    await expect(
      store.put('big/file.bin', Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), { maxBytes: 1000 }),
    ).rejects.toMatchObject({ code: 'payload_too_large' });
    expect(await store.stat('big/file.bin')).toBeNull();
  });

  it.each(['../escape.txt', '/etc/passwd', 'a/../../b', 'a\\..\\b', 'a//b', ''])(
    'refuses the unsafe key %j',
    async (key) => {
      await expect(store.put(key, Readable.from(['x']))).rejects.toMatchObject({ code: 'bad_request' });
    },
  );

  it('deletes one blob or a whole folder, and a missing blob is not found', async () => {
    await store.put('pkg/1/a.html', Readable.from(['a']));
    await store.put('pkg/1/sub/b.js', Readable.from(['b']));
    await store.put('pkg/10/d.html', Readable.from(['d']));
    await store.put('pkg/2/c.html', Readable.from(['c']));
    await store.deletePrefix('pkg/1/');
    expect(await store.stat('pkg/1/a.html')).toBeNull();
    expect(await store.stat('pkg/1/sub/b.js')).toBeNull();
    // A folder is a path segment, not a string prefix: pkg/10 is not inside pkg/1.
    expect(await store.stat('pkg/10/d.html')).not.toBeNull();
    expect(await store.stat('pkg/2/c.html')).not.toBeNull();
    await store.delete('pkg/2/c.html');
    await expect(store.get('pkg/2/c.html')).rejects.toMatchObject({ code: 'not_found' });
    expect(await store.stat('pkg/2/c.html')).toBeNull();
  });

  it('gives a file on disk for tools that need a path', async () => {
    await store.put('zips/course.zip', Readable.from(['zip bytes']));
    const local = await store.localFile('zips/course.zip');
    expect(await readFile(local.path, 'utf8')).toBe('zip bytes');
    await local.release();
    expect(await text(await store.get('zips/course.zip'))).toBe('zip bytes');
    await expect(store.localFile('zips/missing.zip')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('fills a folder from files written on disk, and keeps nothing of a failed fill', async () => {
    const count = await store.fillFolder('content/p1', async (dir) => {
      await mkdir(path.join(dir, 'scripts'), { recursive: true });
      await writeFile(path.join(dir, 'index.html'), '<h1>Lesson</h1>');
      await writeFile(path.join(dir, 'scripts', 'api.js'), 'var api = 1;');
      return (await readdir(dir)).length;
    });
    expect(count).toBe(2);
    expect(await text(await store.get('content/p1/index.html'))).toBe('<h1>Lesson</h1>');
    expect(await text(await store.get('content/p1/scripts/api.js'))).toBe('var api = 1;');

    await expect(
      store.fillFolder('content/p2', async (dir) => {
        await mkdir(dir, { recursive: true });
        await writeFile(path.join(dir, 'index.html'), 'half');
        throw new Error('bad package');
      }),
    ).rejects.toThrow('bad package');
    expect(await store.stat('content/p2/index.html')).toBeNull();
  });
});
