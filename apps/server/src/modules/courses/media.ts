import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { parseStream } from 'music-metadata';
import { PDFDocument } from 'pdf-lib';
import parseRange from 'range-parser';
import { AppError } from '../../errors.ts';
import type { BlobStore } from '../files/blob-store.ts';

/** The first bytes each accepted type starts with; the declared Content-Type alone is not trusted. */
const SIGNATURES: Record<string, (head: Buffer) => boolean> = {
  'image/png': (head) => head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff,
  'image/gif': (head) => head.subarray(0, 4).toString('latin1') === 'GIF8',
  'image/webp': (head) =>
    head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP',
  'application/pdf': (head) => head.subarray(0, 5).toString('latin1') === '%PDF-',
  'video/mp4': (head) => head.subarray(4, 8).toString('latin1') === 'ftyp',
  'video/webm': (head) => head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])),
  'video/ogg': (head) => head.subarray(0, 4).toString('latin1') === 'OggS',
};
const SIGNATURE_BYTES = 12;

/** The media type without parameters, lower case. */
export function baseContentType(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** The same bytes as `source`, failing with 415 unless its first bytes match `contentType`; reads only when consumed. */
export function checkSignature(source: Readable, contentType: string): Readable {
  const matches = SIGNATURES[contentType];
  const verify = (head: Buffer) => {
    if (!matches?.(head)) throw new AppError('unsupported_media_type', `The file is not a valid ${contentType} file.`);
  };
  async function* verified() {
    let head: Buffer | null = Buffer.alloc(0);
    for await (const chunk of source) {
      if (head === null) {
        yield chunk as Buffer;
        continue;
      }
      head = Buffer.concat([head, chunk as Buffer]);
      if (head.length >= SIGNATURE_BYTES) {
        verify(head);
        yield head;
        head = null;
      }
    }
    if (head !== null) {
      verify(head);
      yield head;
    }
  }
  return Readable.from(verified(), { objectMode: false });
}

/** Pages of a stored PDF; 415 when it cannot be read as one. */
export async function readPdfPageCount(blobStore: BlobStore, key: string): Promise<number> {
  const chunks: Buffer[] = [];
  for await (const chunk of await blobStore.get(key)) chunks.push(chunk as Buffer);
  try {
    const document = await PDFDocument.load(Buffer.concat(chunks), { ignoreEncryption: true, updateMetadata: false });
    const pages = document.getPageCount();
    if (pages < 1) throw new Error('no pages');
    return pages;
  } catch (error) {
    throw new AppError('unsupported_media_type', 'The PDF could not be read.', { cause: error });
  }
}

/** Length of a stored video in seconds, read from its container; null when the container does not say. */
export async function readVideoDuration(
  blobStore: BlobStore,
  key: string,
  info: { contentType: string; size: number },
): Promise<number | null> {
  const stream = await blobStore.get(key);
  try {
    const metadata = await parseStream(
      stream,
      { mimeType: info.contentType, size: info.size },
      { duration: true, skipCovers: true },
    );
    const duration = metadata.format.duration;
    return duration && Number.isFinite(duration) && duration > 0 ? duration : null;
  } catch {
    return null;
  } finally {
    stream.destroy();
  }
}

/**
 * Sends a stored file with HTTP Range support (one range), so video seeking and PDF paging fetch only what they need.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  {
    blobStore,
    key,
    contentType,
    rangeHeader,
    fileName,
  }: { blobStore: BlobStore; key: string; contentType: string; rangeHeader: string | undefined; fileName?: string },
) {
  const info = await blobStore.stat(key);
  if (!info) throw new AppError('not_found', 'File not found.');
  reply
    .header('content-type', contentType)
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, max-age=3600')
    .header('last-modified', info.modifiedAt.toUTCString())
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline${fileName ? `; filename*=UTF-8''${encodeURIComponent(fileName)}` : ''}`);

  let stream: Readable;
  if (rangeHeader) {
    const ranges = parseRange(info.size, rangeHeader, { combine: true });
    if (ranges === -1) {
      return reply.status(416).header('content-range', `bytes */${info.size}`).send();
    }
    if (ranges !== -2 && ranges.length === 1 && ranges[0]) {
      const { start, end } = ranges[0];
      stream = await blobStore.get(key, { start, end });
      return reply
        .status(206)
        .header('content-range', `bytes ${start}-${end}/${info.size}`)
        .header('content-length', end - start + 1)
        .send(stream);
    }
  }
  stream = await blobStore.get(key);
  return reply.status(200).header('content-length', info.size).send(stream);
}
