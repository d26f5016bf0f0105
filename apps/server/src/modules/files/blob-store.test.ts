import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BlobStore, createLocalBlobStore } from './blob-store.ts';

describe('local blob store', () => {
  let root: string;
  let store: BlobStore;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'blobs-'));
    store = createLocalBlobStore({ root });
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('stores a stream and reads it back whole or by byte range', async () => {
    const { size } = await store.put('courses/c1/notes.txt', Readable.from(['hello ', 'world']));
    expect(size).toBe(11);
    expect(await text(await store.get('courses/c1/notes.txt'))).toBe('hello world');
    expect(await text(await store.get('courses/c1/notes.txt', { start: 6, end: 10 }))).toBe('world');
    expect((await store.stat('courses/c1/notes.txt'))?.size).toBe(11);
  });

  it('refuses a file over the limit and leaves nothing behind', async () => {
    await expect(
      store.put('big/file.bin', Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), { maxBytes: 1000 }),
    ).rejects.toMatchObject({
      code: 'payload_too_large',
    });
    expect(await store.stat('big/file.bin')).toBeNull();
    expect(await readdir(path.join(root, 'big'))).toEqual([]);
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
    await store.put('pkg/2/c.html', Readable.from(['c']));
    await store.deletePrefix('pkg/1/');
    expect(await store.stat('pkg/1/a.html')).toBeNull();
    expect(await store.stat('pkg/2/c.html')).not.toBeNull();
    await store.delete('pkg/2/c.html');
    await expect(store.get('pkg/2/c.html')).rejects.toMatchObject({ code: 'not_found' });
  });
});
