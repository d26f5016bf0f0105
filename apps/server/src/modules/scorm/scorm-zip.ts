import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Entry, getFileNameLowLevel, type ZipFile } from 'yauzl';
import { ScormPackageError } from './scorm.errors.ts';
import { damaged, writeEntry } from './scorm-zip-entry.ts';
import { type OpenedZip, openZipFile } from './scorm-zip-reader.ts';

/** Limits on one uploaded package; the defaults are the ones in DECISIONS.md (sizes in binary units). */
export interface ScormPackageLimits {
  /** Largest package (ZIP) file accepted, in bytes. */
  maxPackageBytes: number;
  /** Most entries (files, folders and junk) the ZIP may list. */
  maxEntries: number;
  /** Most bytes all extracted files may hold together, counted as they are decompressed. */
  maxUnpackedBytes: number;
  /** Highest decompressed-to-compressed size ratio any one entry may have. */
  maxCompressionRatio: number;
}

export const DEFAULT_SCORM_PACKAGE_LIMITS: ScormPackageLimits = {
  maxPackageBytes: 500 * 1024 ** 2,
  maxEntries: 20_000,
  maxUnpackedBytes: 2 * 1024 ** 3,
  maxCompressionRatio: 100,
};

export const MANIFEST_FILE_NAME = 'imsmanifest.xml';

/**
 * Entries written at the same time. Small entries are written whole and at once (see `writeEntry`); large ones are
 * streamed, and overlapping a few keeps the disk busy while each holds only a stream buffer or two.
 */
const PARALLEL_WRITES = 4;

/** What `extractScormZip` left in the target folder. */
export interface ExtractedScormPackage {
  /** Extracted files, relative to the target folder with `/` separators, in ZIP order; junk is not among them. */
  files: string[];
  /** `''` when the manifest is at the ZIP root, else the single top-level folder that holds it, e.g. `course/`. */
  rootPrefix: string;
  /** Decompressed bytes written, as counted while streaming. */
  unpackedBytes: number;
}

/**
 * Extracts a SCORM package ZIP into `targetDir`, which must not exist yet. Entries are written one after another
 * into a sibling temp folder that is renamed into place only once everything checked out, so a failure leaves
 * nothing behind. Throws `ScormPackageError` for anything wrong with the package itself. Meant for the extraction
 * worker (`extractScormZipInWorker`): it reads the ZIP with blocking calls, which would stall a server's event loop.
 */
export async function extractScormZip({
  zipPath,
  targetDir,
  limits: limitOverrides = {},
}: {
  zipPath: string;
  targetDir: string;
  limits?: Partial<ScormPackageLimits>;
}): Promise<ExtractedScormPackage> {
  const limits = { ...DEFAULT_SCORM_PACKAGE_LIMITS, ...limitOverrides };
  const target = path.resolve(targetDir);
  if (await pathExists(target)) throw new Error(`The extraction folder ${target} already exists.`);

  const zipStats = await stat(zipPath);
  if (!zipStats.isFile()) throw notAZip();
  if (zipStats.size > limits.maxPackageBytes) {
    throw new ScormPackageError(
      'too_large',
      `The package is ${formatBytes(zipStats.size)}; the largest accepted is ${formatBytes(limits.maxPackageBytes)}.`,
    );
  }

  const opened = await openZip(zipPath, zipStats.size);
  const { zip } = opened;
  const tempDir = path.join(path.dirname(target), `.${path.basename(target)}.partial-${randomUUID()}`);
  try {
    if (zip.entryCount > limits.maxEntries) {
      throw new ScormPackageError(
        'too_many_entries',
        `The package lists ${zip.entryCount} entries; at most ${limits.maxEntries} are accepted.`,
      );
    }
    await mkdir(tempDir, { recursive: true });
    const extracted = await extractEntries({ opened, tempDir, limits });
    const rootPrefix = locateManifestRoot(extracted.files);
    await rename(tempDir, target);
    return { ...extracted, rootPrefix };
  } catch (error) {
    await rm(tempDir, { recursive: true, force: true });
    throw error;
  } finally {
    zip.close();
  }
}

/**
 * Where the package's own manifest is: at the root (`''`), or in a single top-level folder that holds every
 * file (`'folder/'`). Manifests deeper in the tree belong to bundled content and do not count.
 */
function locateManifestRoot(files: readonly string[]): string {
  if (files.includes(MANIFEST_FILE_NAME)) return '';
  const topLevel = new Set(files.map((file) => (file.includes('/') ? `${file.split('/')[0]}/` : file)));
  const [onlyFolder] = topLevel;
  if (topLevel.size === 1 && onlyFolder?.endsWith('/') && files.includes(`${onlyFolder}${MANIFEST_FILE_NAME}`)) {
    return onlyFolder;
  }
  throw new ScormPackageError(
    'no_manifest',
    `The package has no ${MANIFEST_FILE_NAME} at its root (or in a single top-level folder), so it is not a SCORM package.`,
  );
}

/**
 * An entry's name and its path inside the package, checked: no escape, no link, no clash with an earlier entry.
 * Null for folders and junk, which are not extracted.
 */
function checkedEntryPath(
  entry: Entry,
  { filePaths, folderPaths }: { filePaths: Set<string>; folderPaths: Set<string> },
): { name: string; segments: string[]; relativePath: string } | null {
  const name = getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false);
  const segments = safeSegments(name);
  if (isSymlink(entry)) {
    throw new ScormPackageError('path_escape', `The package contains a symbolic link (${name}), which is not allowed.`);
  }
  if (name.endsWith('/') || isJunk(segments)) return null;
  if (segments.length === 0) throw damaged(name);

  const relativePath = segments.join('/');
  assertNoConflict({ relativePath, filePaths, folderPaths });
  return { name, segments, relativePath };
}

type ExtractionInput = { opened: OpenedZip; tempDir: string; limits: ScormPackageLimits };

/** What one extraction has seen and started so far. */
type Extraction = {
  files: string[];
  filePaths: Set<string>;
  folderPaths: Set<string>;
  createdFolders: Set<string>;
  declaredBytes: number;
  unpackedBytes: number;
  writing: Set<Promise<void>>;
  failure: { error: unknown } | null;
};

async function extractEntries(input: ExtractionInput): Promise<Omit<ExtractedScormPackage, 'rootPrefix'>> {
  const extraction: Extraction = {
    files: [],
    filePaths: new Set(),
    folderPaths: new Set(),
    createdFolders: new Set(),
    declaredBytes: 0,
    unpackedBytes: 0,
    writing: new Set(),
    failure: null,
  };
  try {
    for await (const entry of entriesOf(input.opened.zip)) {
      if (extraction.failure) break;
      await extractEntry(input, extraction, entry);
    }
  } finally {
    // Nothing may still be writing into the folder when the caller moves or removes it.
    await Promise.allSettled(extraction.writing);
  }
  if (extraction.failure) throw extraction.failure.error;
  return { files: extraction.files, unpackedBytes: extraction.unpackedBytes };
}

/** Checks one entry and starts writing it, waiting first while `PARALLEL_WRITES` writes are under way. */
async function extractEntry({ opened, tempDir, limits }: ExtractionInput, extraction: Extraction, entry: Entry) {
  const checked = checkedEntryPath(entry, extraction);
  if (!checked) return;
  const { name, segments, relativePath } = checked;

  const ratioLimit = Math.max(entry.compressedSize, 1) * limits.maxCompressionRatio;
  if (entry.uncompressedSize > ratioLimit) throw suspiciousCompression(name, limits);
  // Declared sizes must match what is written (`writeEntry` checks), so their sum is the package's unpacked size;
  // the running count of decompressed bytes catches a header that lies.
  extraction.declaredBytes += entry.uncompressedSize;
  if (extraction.declaredBytes > limits.maxUnpackedBytes) throw unpackedTooLarge(limits);

  const destination = path.join(tempDir, ...segments);
  const folder = path.dirname(destination);
  if (!extraction.createdFolders.has(folder)) {
    await mkdir(folder, { recursive: true });
    extraction.createdFolders.add(folder);
  }
  extraction.files.push(relativePath);
  const { writing } = extraction;
  const task = writeEntry({
    opened,
    entry,
    name,
    destination,
    onBytes: (entryBytes, chunkBytes) => {
      if (entryBytes > ratioLimit) throw suspiciousCompression(name, limits);
      if (extraction.unpackedBytes + chunkBytes > limits.maxUnpackedBytes) throw unpackedTooLarge(limits);
      extraction.unpackedBytes += chunkBytes;
    },
  })
    .catch((error: unknown) => {
      extraction.failure ??= { error };
    })
    .finally(() => writing.delete(task));
  writing.add(task);
  if (writing.size >= PARALLEL_WRITES) await Promise.race(writing);
}

// Errors from reading the central directory mean a broken archive; errors from the loop body pass through.
async function* entriesOf(zip: ZipFile): AsyncGenerator<Entry> {
  const entries = zip.eachEntry();
  try {
    while (true) {
      let next: IteratorResult<Entry>;
      try {
        next = await entries.next();
      } catch (error) {
        throw notAZip(error);
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await entries.return?.();
  }
}

async function openZip(zipPath: string, size: number): Promise<OpenedZip> {
  try {
    return await openZipFile(zipPath, size, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: false,
      validateEntrySizes: false,
    });
  } catch (error) {
    throw notAZip(error);
  }
}

// Names are checked here rather than by yauzl so that each unsafe one gets the `path_escape` reason.
function safeSegments(name: string): string[] {
  const slashed = name.replace(/\\/g, '/');
  const unsafe =
    slashed.startsWith('/') ||
    /^[a-zA-Z]:/.test(slashed) ||
    slashed.includes('\0') ||
    slashed.split('/').includes('..');
  if (unsafe) {
    throw new ScormPackageError('path_escape', `The package contains "${name}", which points outside the package.`);
  }
  const segments = slashed.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.some((segment) => Buffer.byteLength(segment) > 255)) {
    throw new ScormPackageError('not_a_zip', `The package contains a file name that is too long: "${name}".`);
  }
  return segments;
}

function isSymlink(entry: Entry): boolean {
  const unixMode = (entry.externalFileAttributes >>> 16) & 0o170000;
  return unixMode === 0o120000;
}

const JUNK_FILE_NAMES = new Set(['.ds_store', 'thumbs.db']);

function isJunk(segments: readonly string[]): boolean {
  const last = segments.at(-1)?.toLowerCase() ?? '';
  return segments.includes('__MACOSX') || JUNK_FILE_NAMES.has(last);
}

function assertNoConflict({
  relativePath,
  filePaths,
  folderPaths,
}: {
  relativePath: string;
  filePaths: Set<string>;
  folderPaths: Set<string>;
}): void {
  const conflict = () =>
    new ScormPackageError('not_a_zip', `The package contains "${relativePath}" twice or as both a file and a folder.`);
  if (filePaths.has(relativePath) || folderPaths.has(relativePath)) throw conflict();
  const parts = relativePath.split('/');
  for (let depth = 1; depth < parts.length; depth += 1) {
    const folder = parts.slice(0, depth).join('/');
    if (filePaths.has(folder)) throw conflict();
    folderPaths.add(folder);
  }
  filePaths.add(relativePath);
}

async function pathExists(target: string): Promise<boolean> {
  try {
    await stat(target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

function notAZip(cause?: unknown): ScormPackageError {
  return new ScormPackageError('not_a_zip', 'The file is not a ZIP archive that can be read.', { cause });
}

function suspiciousCompression(name: string, limits: ScormPackageLimits): ScormPackageError {
  return new ScormPackageError(
    'suspicious_compression',
    `The package entry "${name}" expands more than ${limits.maxCompressionRatio} times its compressed size, which is not accepted.`,
  );
}

function unpackedTooLarge(limits: ScormPackageLimits): ScormPackageError {
  return new ScormPackageError(
    'unpacked_too_large',
    `The package unpacks to more than ${formatBytes(limits.maxUnpackedBytes)}, the most accepted.`,
  );
}

function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
