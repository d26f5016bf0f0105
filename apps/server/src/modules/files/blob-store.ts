import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../errors.ts';

export type BlobStore = {
  /** Streams `source` into `key`, replacing what was there; never holds the whole file in memory. */
  put(key: string, source: Readable, options?: { maxBytes?: number }): Promise<{ size: number }>;
  /** Opens `key` for reading, optionally a byte range (inclusive end); `not_found` when absent. */
  get(key: string, range?: { start: number; end: number }): Promise<Readable>;
  stat(key: string): Promise<{ size: number; modifiedAt: Date } | null>;
  delete(key: string): Promise<void>;
  /** Removes every blob whose key starts with the folder `prefix`. */
  deletePrefix(prefix: string): Promise<void>;
  /** A file on disk holding `key`, for tools that need a path; `release` removes it when it is a copy. */
  localFile(key: string): Promise<{ path: string; release(): Promise<void> }>;
  /**
   * Fills the folder `prefix` from a local directory that `write` creates at the path it is given (which does not
   * exist yet). The local store hands over the folder's own place; a remote store a temporary one it uploads after.
   * When `write` fails, nothing of the folder is left.
   */
  fillFolder<T>(prefix: string, write: (dir: string) => Promise<T>): Promise<T>;
  /** Where a blob lives on disk: the local store only (undefined for a remote store). */
  localPath: ((key: string) => string) | undefined;
};

const SEGMENT_FORBIDDEN = /[\\\0]/;

/** Rejects keys that could escape the store: absolute paths, `..`, backslashes, NUL. */
export function assertSafeKey(key: string): string[] {
  const segments = key.split('/');
  const bad =
    key.length === 0 ||
    key.length > 1024 ||
    key.startsWith('/') ||
    segments.some(
      (segment) => segment === '' || segment === '.' || segment === '..' || SEGMENT_FORBIDDEN.test(segment),
    );
  if (bad) throw new AppError('bad_request', 'Invalid file key.');
  return segments;
}

/** Fails the stream once more than `maxBytes` have passed. */
export function byteLimit(maxBytes: number) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(new AppError('payload_too_large', `File is larger than ${maxBytes} bytes`));
      else callback(null, chunk);
    },
  });
}

/** Streams `source` into a temp file beside `target` and renames it into place; answers the bytes written. */
async function writeInPlace(target: string, source: Readable, maxBytes: number | undefined): Promise<{ size: number }> {
  await mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${randomUUID()}.partial`;
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      callback(null, chunk);
    },
  });
  const file = createWriteStream(temp, { flags: 'wx' });
  try {
    const limited = maxBytes === undefined ? source : source.pipe(byteLimit(maxBytes));
    if (limited !== source) source.on('error', (error) => limited.destroy(error));
    await pipeline(limited, counter, file);
    await rename(temp, target);
  } catch (error) {
    // A refused upload can end the pipeline while the file is still being opened: it is removed once it is
    // closed, or the opening would create it again after the removal.
    if (!file.closed) {
      file.destroy();
      await new Promise<void>((resolve) => file.once('close', () => resolve()));
    }
    await rm(temp, { force: true });
    throw error;
  }
  return { size };
}

/** Blob store on the local filesystem under `root`; writes land in a temp file and are renamed into place. */
export function createLocalBlobStore({ root }: { root: string }): BlobStore {
  const resolved = path.resolve(root);
  const pathOf = (key: string) => {
    const full = path.resolve(resolved, ...assertSafeKey(key));
    if (!full.startsWith(resolved + path.sep)) throw new AppError('bad_request', 'Invalid file key.');
    return full;
  };

  return {
    async put(key, source, { maxBytes } = {}) {
      return writeInPlace(pathOf(key), source, maxBytes);
    },
    async get(key, range) {
      const file = pathOf(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) throw new AppError('not_found', 'File not found.');
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    async stat(key) {
      const info = await stat(pathOf(key)).catch(() => null);
      return info?.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async deletePrefix(prefix) {
      await rm(pathOf(prefix.replace(/\/+$/, '')), { recursive: true, force: true });
    },
    async localFile(key) {
      const file = pathOf(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) throw new AppError('not_found', 'File not found.');
      return { path: file, release: async () => {} };
    },
    async fillFolder(prefix, write) {
      const target = pathOf(prefix.replace(/\/+$/, ''));
      await mkdir(path.dirname(target), { recursive: true });
      try {
        return await write(target);
      } catch (error) {
        await rm(target, { recursive: true, force: true });
        throw error;
      }
    },
    localPath: pathOf,
  };
}
