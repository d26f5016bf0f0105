import { closeSync, openSync, readSync } from 'node:fs';
import { Readable } from 'node:stream';
import { fromRandomAccessReaderPromise, type Options, RandomAccessReader, type ZipFile } from 'yauzl';

/**
 * Bytes per read of an entry's data. yauzl's own file reader takes the stream default (16 KB on Node 20), which for
 * a package of hundreds of megabytes means tens of thousands of reads and as many writes.
 */
export const ZIP_READ_CHUNK_BYTES = 1024 * 1024;

/** A ZIP opened for extraction: yauzl's view of it, and direct reads of its bytes. */
export type OpenedZip = {
  zip: ZipFile;
  /**
   * Up to `length` bytes from `position` (fewer when the file ends first) in a buffer this reader keeps and reuses:
   * the bytes are valid until the next call, and a package's files cost no fresh memory each.
   */
  readTransient(position: number, length: number): Buffer;
};

/**
 * yauzl's reader for a ZIP on disk. Extraction runs on a worker thread of its own, so the file is read with plain
 * blocking calls: each thread-pool round trip of an asynchronous read costs more than the read itself, and a package
 * needs several per entry (central directory record, local header, data).
 */
class BlockingFileReader extends RandomAccessReader {
  constructor(private readonly fd: number) {
    super();
  }

  private scratch = Buffer.alloc(0);

  readTransient(position: number, length: number): Buffer {
    if (this.scratch.length < length) this.scratch = Buffer.allocUnsafeSlow(length);
    return this.readInto(this.scratch.subarray(0, length), position);
  }

  readAt(position: number, length: number): Buffer {
    return this.readInto(Buffer.allocUnsafe(length), position);
  }

  private readInto(buffer: Buffer, position: number): Buffer {
    const length = buffer.length;
    let filled = 0;
    while (filled < length) {
      const bytesRead = readSync(this.fd, buffer, filled, length - filled, position + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return filled < length ? buffer.subarray(0, filled) : buffer;
  }

  override _readStreamForRange(start: number, end: number): Readable {
    let position = start;
    const reader = this;
    return new Readable({
      highWaterMark: ZIP_READ_CHUNK_BYTES,
      read() {
        try {
          const chunk = reader.readAt(position, Math.min(ZIP_READ_CHUNK_BYTES, end - position));
          position += chunk.length;
          // A file cut short ends the stream early; yauzl's byte count then reports the entry as damaged.
          this.push(chunk.length > 0 ? chunk : null);
        } catch (error) {
          this.destroy(error as Error);
        }
      },
    });
  }

  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (error: Error | null, bytesRead?: number) => void,
  ) {
    let bytesRead: number;
    try {
      bytesRead = readSync(this.fd, buffer, offset, length, position);
    } catch (error) {
      process.nextTick(callback, error as Error);
      return;
    }
    // yauzl expects its callbacks later, as from an asynchronous read.
    process.nextTick(callback, null, bytesRead);
  }

  override close(callback: (error: Error | null) => void) {
    try {
      closeSync(this.fd);
      process.nextTick(callback, null);
    } catch (error) {
      process.nextTick(callback, error as Error);
    }
  }
}

/** Opens a ZIP on disk with yauzl (see `BlockingFileReader`); for the extraction worker only. */
export async function openZipFile(zipPath: string, size: number, options: Options): Promise<OpenedZip> {
  const fd = openSync(zipPath, 'r');
  const reader = new BlockingFileReader(fd);
  try {
    const zip = await fromRandomAccessReaderPromise(reader, size, options);
    return { zip, readTransient: (position, length) => reader.readTransient(position, length) };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}
