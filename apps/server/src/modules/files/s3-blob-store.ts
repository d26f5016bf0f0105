import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { Upload as S3Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { assertSafeKey, type BlobStore, byteLimit } from './blob-store.ts';

/** Multipart part size: 8 MiB, four parts in flight, so an upload holds at most about 32 MiB. */
const PART_SIZE = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 4;
/** Files of an extracted folder uploaded at once. */
const FILES_IN_FLIGHT = 8;

type S3Failure = { name?: string; $metadata?: { httpStatusCode?: number } };
const isMissing = (error: unknown) => {
  const failure = error as S3Failure;
  return failure?.name === 'NoSuchKey' || failure?.name === 'NotFound' || failure?.$metadata?.httpStatusCode === 404;
};

/** Every file under `dir`, as paths relative to it with forward slashes. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** Runs `work` over `items`, at most `limit` at a time; the first failure stops the rest. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** The SDK as loaded, its client and the bucket every call goes to. */
type S3Parts = { sdk: typeof S3Sdk; Upload: typeof S3Upload; client: S3Sdk.S3Client; Bucket: string };

const keyOf = (key: string) => assertSafeKey(key).join('/');

/** Streams `body` to `key` as a multipart upload; answers the bytes sent. */
async function uploadCounted({ Upload, client, Bucket }: S3Parts, key: string, body: Readable) {
  const counted = new PassThrough();
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      callback(null, chunk);
    },
  });
  const feeding = pipeline(body, counter, counted);
  const sending = new Upload({
    client,
    params: { Bucket, Key: key, Body: counted },
    partSize: PART_SIZE,
    queueSize: PARTS_IN_FLIGHT,
    leavePartsOnError: false,
  });
  // A failing source stops the upload, which then aborts its multipart parts.
  feeding.catch(() => sending.abort().catch(() => undefined));
  await Promise.all([feeding, sending.done()]);
  return { size };
}

/** Reading blobs: streamed, by byte range, or copied to a local file. */
function createS3Reads({ sdk, client, Bucket }: S3Parts): Pick<BlobStore, 'get' | 'stat' | 'localFile'> {
  const reads: Pick<BlobStore, 'get' | 'stat' | 'localFile'> = {
    async get(key, range) {
      try {
        const answer = await client.send(
          new sdk.GetObjectCommand({
            Bucket,
            Key: keyOf(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return answer.Body as Readable;
      } catch (error) {
        if (isMissing(error)) throw new AppError('not_found', 'File not found.');
        throw error;
      }
    },

    async stat(key) {
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async localFile(key) {
      const dir = await mkdtemp(path.join(tmpdir(), 'portal-blob-'));
      const file = path.join(dir, path.basename(keyOf(key)));
      try {
        await pipeline(await reads.get(key), createWriteStream(file));
      } catch (error) {
        await rm(dir, { recursive: true, force: true });
        throw error;
      }
      return { path: file, release: () => rm(dir, { recursive: true, force: true }) };
    },
  };
  return reads;
}

/** Writing blobs: one streamed in, one deleted, a folder deleted or filled from a local one. */
function createS3Writes(s3: S3Parts): Pick<BlobStore, 'put' | 'delete' | 'deletePrefix' | 'fillFolder'> {
  const { sdk, client, Bucket } = s3;
  const writes: Pick<BlobStore, 'put' | 'delete' | 'deletePrefix' | 'fillFolder'> = {
    async put(key, source, { maxBytes } = {}) {
      const objectKey = keyOf(key);
      const limited = maxBytes === undefined ? source : source.pipe(byteLimit(maxBytes));
      if (limited !== source) source.on('error', (error) => limited.destroy(error));
      return uploadCounted(s3, objectKey, limited);
    },

    async delete(key) {
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },

    async deletePrefix(prefix) {
      const folder = `${keyOf(prefix.replace(/\/+$/, ''))}/`;
      let token: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket, Prefix: folder, ContinuationToken: token, MaxKeys: 1000 }),
        );
        const keys = (page.Contents ?? []).flatMap((item) => (item.Key ? [{ Key: item.Key }] : []));
        if (keys.length)
          await client.send(new sdk.DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    async fillFolder(prefix, write) {
      const folder = keyOf(prefix.replace(/\/+$/, ''));
      const dir = await mkdtemp(path.join(tmpdir(), 'portal-folder-'));
      const target = path.join(dir, 'content');
      try {
        const result = await write(target);
        await eachLimited(await filesUnder(target), FILES_IN_FLIGHT, async (file) => {
          await uploadCounted(s3, `${folder}/${file}`, createReadStream(path.join(target, file)));
        });
        return result;
      } catch (error) {
        await writes.deletePrefix(folder).catch(() => undefined);
        throw error;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
  return writes;
}

/**
 * Blob store on an S3-compatible object store. Uploads stream as multipart uploads, reads stream with byte ranges,
 * and work that needs files on disk (SCORM extraction) runs in a temporary folder whose files are uploaded after.
 */
export async function createS3BlobStore(settings: S3Settings): Promise<BlobStore & { client: S3Sdk.S3Client }> {
  // The SDK loads only when S3 is configured: the default local store never pays for it.
  const sdk = await import('@aws-sdk/client-s3');
  const { Upload } = await import('@aws-sdk/lib-storage');
  const client = new sdk.S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  const s3: S3Parts = { sdk, Upload, client, Bucket: settings.bucket };
  return { client, ...createS3Writes(s3), ...createS3Reads(s3), localPath: undefined };
}
