import { createWriteStream, writeFileSync } from 'node:fs';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, inflateRawSync } from 'node:zlib';
import type { Entry } from 'yauzl';
import { ScormPackageError } from './scorm.errors.ts';
import type { OpenedZip } from './scorm-zip-reader.ts';

/**
 * Entries up to this size (packed and unpacked) are read, inflated and written in one piece each, which is what most
 * of a package is (pages, scripts, images, short clips); larger ones are streamed so memory stays bounded.
 */
export const WHOLE_ENTRY_MAX_BYTES = 4 * 1024 * 1024;

const STORED = 0;
const DEFLATED = 8;

export type EntryToWrite = {
  opened: OpenedZip;
  entry: Entry;
  name: string;
  destination: string;
  /** Called as bytes come out of the entry; throws to stop it (size and ratio limits). */
  onBytes: (entryBytes: number, chunkBytes: number) => void;
};

/**
 * Writes one entry's content to `destination` (which must not exist) and checks it against the central directory:
 * its size and CRC-32 must match, else the entry is damaged. Throws `ScormPackageError`s for the package's faults.
 */
export async function writeEntry(input: EntryToWrite): Promise<void> {
  if (await writeWholeEntry(input)) return;
  const written = await streamEntry(input);
  if (written.bytes !== input.entry.uncompressedSize || written.crc !== input.entry.crc32) throw damaged(input.name);
}

/**
 * The fast way for an entry that declares itself small: one read, one inflate, one write, all on this (worker)
 * thread. Answers false, having written nothing, when the entry is not what it declares (longer, shorter, another
 * checksum, unreadable), so that the streamed way goes through it and names the fault with the same checks as always.
 */
async function writeWholeEntry({ opened, entry, destination, onBytes }: EntryToWrite): Promise<boolean> {
  const small = entry.compressedSize <= WHOLE_ENTRY_MAX_BYTES && entry.uncompressedSize <= WHOLE_ENTRY_MAX_BYTES;
  const method = entry.compressionMethod;
  if (!small || entry.isEncrypted() || (method !== STORED && method !== DEFLATED)) return false;
  let content: Buffer;
  try {
    const { fileDataStart } = await opened.zip.readLocalFileHeaderPromise(entry, { minimal: true });
    // Reused memory: `content` is written below before anything else reads from the ZIP.
    const packed = opened.readTransient(fileDataStart, entry.compressedSize);
    if (packed.length !== entry.compressedSize) return false;
    // The output may not outgrow the declared size, so a hostile entry costs at most WHOLE_ENTRY_MAX_BYTES here.
    const expected = Math.max(entry.uncompressedSize, 64); // zlib's smallest output chunk
    content = method === STORED ? packed : inflateRawSync(packed, { maxOutputLength: expected, chunkSize: expected });
  } catch {
    return false;
  }
  if (content.length !== entry.uncompressedSize || crc32(content) !== entry.crc32) return false;
  onBytes(content.length, content.length);
  writeFileSync(destination, content, { flag: 'wx' });
  return true;
}

/** Streams an entry through yauzl's reader and inflater, counting and checksumming what comes out. */
async function streamEntry({ opened, entry, name, destination, onBytes }: EntryToWrite) {
  let source: Readable;
  try {
    source = await opened.zip.openReadStreamPromise(entry);
  } catch (error) {
    throw damaged(name, error);
  }
  let sourceFailed = false;
  source.once('error', () => {
    sourceFailed = true;
  });

  let bytes = 0;
  let crc = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      try {
        onBytes(bytes, chunk.length);
      } catch (error) {
        callback(error as Error);
        return;
      }
      crc = crc32(chunk, crc);
      callback(null, chunk);
    },
  });

  try {
    await pipeline(source, counter, createWriteStream(destination, { flags: 'wx' }));
  } catch (error) {
    if (error instanceof ScormPackageError) throw error;
    if (sourceFailed) throw damaged(name, error);
    throw error;
  }
  return { bytes, crc };
}

export function damaged(name: string, cause?: unknown): ScormPackageError {
  return new ScormPackageError(
    'not_a_zip',
    `The package entry "${name}" is damaged, encrypted or uses a compression method that cannot be read.`,
    { cause },
  );
}
