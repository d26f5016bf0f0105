import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScormPackageError } from './scorm.errors.ts';
import {
  declareUncompressedSize,
  listFolder,
  makeWorkDir,
  scorm12Manifest,
  writeZip,
  type ZipEntrySpec,
} from './scorm.testing.ts';
import { extractScormZip, type ScormPackageLimits } from './scorm-zip.ts';

const MANIFEST = scorm12Manifest(`
  <organizations default="org"><organization identifier="org"><title>Course</title>
    <item identifier="i1" identifierref="r1"><title>Lesson</title></item>
  </organization></organizations>
  <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="index.html"/></resources>`);

// Deterministic bytes that deflate cannot shrink.
function incompressible(length: number, seed = 1): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed;
  for (let index = 0; index < length; index += 1) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[index] = state >>> 24;
  }
  return bytes;
}

let workDir: string;
let cleanUp: () => Promise<void>;
beforeEach(async () => {
  ({ dir: workDir, cleanUp } = await makeWorkDir());
});
afterEach(async () => {
  await cleanUp();
});

async function extract(
  entries: ZipEntrySpec[],
  options: { rewrite?: Array<[string, string]>; patch?: (bytes: Buffer) => Buffer } = {},
  limits: Partial<ScormPackageLimits> = {},
) {
  const zipPath = await writeZip(path.join(workDir, 'package.zip'), entries, options);
  return extractScormZip({ zipPath, targetDir: path.join(workDir, 'extracted'), limits });
}

async function failureOf(run: Promise<unknown>): Promise<{ reason: string; message: string }> {
  try {
    await run;
  } catch (error) {
    if (error instanceof ScormPackageError) return { reason: error.reason, message: error.message };
    throw error;
  }
  throw new Error('expected a ScormPackageError');
}

describe('extracting a package ZIP', () => {
  it('writes every file and counts the bytes it actually wrote', async () => {
    const result = await extract([
      { name: 'imsmanifest.xml', content: MANIFEST },
      { name: 'content/', content: '' },
      { name: 'content/index.html', content: '<h1>Hello</h1>' },
      { name: 'content/media/clip.bin', content: incompressible(3000), compress: false },
    ]);
    expect(result).toEqual({
      files: ['imsmanifest.xml', 'content/index.html', 'content/media/clip.bin'],
      rootPrefix: '',
      unpackedBytes: Buffer.byteLength(MANIFEST) + 14 + 3000,
    });
    const extracted = path.join(workDir, 'extracted');
    expect(await readFile(path.join(extracted, 'content/index.html'), 'utf8')).toBe('<h1>Hello</h1>');
    expect(await listFolder(workDir)).toEqual([
      'extracted',
      'extracted/content',
      'extracted/content/index.html',
      'extracted/content/media',
      'extracted/content/media/clip.bin',
      'extracted/imsmanifest.xml',
      'package.zip',
    ]);
  });

  it('leaves out __MACOSX, .DS_Store and Thumbs.db entries', async () => {
    const result = await extract([
      { name: 'imsmanifest.xml', content: MANIFEST },
      { name: '.DS_Store', content: 'junk' },
      { name: '__MACOSX/._imsmanifest.xml', content: 'junk' },
      { name: '__MACOSX/content/._index.html', content: 'junk' },
      { name: 'content/Thumbs.db', content: 'junk' },
      { name: 'content/.DS_Store', content: 'junk' },
      { name: 'content/index.html', content: 'page' },
    ]);
    expect(result.files).toEqual(['imsmanifest.xml', 'content/index.html']);
    expect(await listFolder(path.join(workDir, 'extracted'))).toEqual([
      'content',
      'content/index.html',
      'imsmanifest.xml',
    ]);
  });

  it('accepts a single top-level folder that holds the manifest and reports it as the root prefix', async () => {
    const result = await extract([
      { name: 'My Course/', content: '' },
      { name: 'My Course/imsmanifest.xml', content: MANIFEST },
      { name: 'My Course/index.html', content: 'page' },
      { name: '__MACOSX/My Course/._index.html', content: 'junk' },
    ]);
    expect(result.rootPrefix).toBe('My Course/');
    expect(result.files).toEqual(['My Course/imsmanifest.xml', 'My Course/index.html']);
  });

  it('counts only the root manifest when bundled content carries its own deeper down', async () => {
    const result = await extract([
      { name: 'imsmanifest.xml', content: MANIFEST },
      { name: 'vendor/widget/imsmanifest.xml', content: '<manifest/>' },
      { name: 'index.html', content: 'page' },
    ]);
    expect(result.rootPrefix).toBe('');
  });
});

describe('refusing unsafe or oversized packages', () => {
  it.each<[string, ZipEntrySpec[], Array<[string, string]>]>([
    ['a zip-slip entry ../evil.txt', [{ name: 'XX/evil.txt', content: 'owned' }], [['XX/evil.txt', '../evil.txt']]],
    [
      'an entry that climbs after a folder',
      [{ name: 'content/XX/XX/evil.txt', content: 'owned' }],
      [['content/XX/XX/', 'content/../../']],
    ],
    [
      'an absolute path',
      [{ name: 'Xtmp-scorm-evil.txt', content: 'owned' }],
      [['Xtmp-scorm-evil.txt', '/tmp-scorm-evil.txt']],
    ],
    [
      'a backslash path that climbs out',
      [{ name: 'YYYevil.txt', content: 'owned' }],
      [['YYYevil.txt', '..\\evil.txt']],
    ],
    ['a Windows drive letter', [{ name: 'CQ/evil.txt', content: 'owned' }], [['CQ/evil.txt', 'C:/evil.txt']]],
  ])('refuses %s with path_escape and writes nothing', async (_, entries, rewrite) => {
    const failure = await failureOf(extract([{ name: 'imsmanifest.xml', content: MANIFEST }, ...entries], { rewrite }));
    expect(failure.reason).toBe('path_escape');
    expect(await listFolder(workDir)).toEqual(['package.zip']);
    expect(existsSync('/tmp-scorm-evil.txt')).toBe(false);
  });

  it('refuses symbolic links', async () => {
    const failure = await failureOf(
      extract([
        { name: 'imsmanifest.xml', content: MANIFEST },
        { name: 'index.html', content: '/etc/passwd', mode: 0o120777 },
      ]),
    );
    expect(failure.reason).toBe('path_escape');
    expect(failure.message).toContain('symbolic link');
  });

  it('refuses more entries than the limit allows, counting folders and junk', async () => {
    const failure = await failureOf(
      extract(
        [
          { name: 'imsmanifest.xml', content: MANIFEST },
          { name: 'content/', content: '' },
          { name: 'content/a.html', content: 'a' },
          { name: '.DS_Store', content: 'junk' },
        ],
        {},
        { maxEntries: 3 },
      ),
    );
    expect(failure).toEqual({
      reason: 'too_many_entries',
      message: 'The package lists 4 entries; at most 3 are accepted.',
    });
  });

  it('refuses a package whose files unpack to more than the limit', async () => {
    const failure = await failureOf(
      extract(
        [
          { name: 'imsmanifest.xml', content: MANIFEST },
          { name: 'a.bin', content: incompressible(1500, 1) },
          { name: 'b.bin', content: incompressible(1500, 2) },
        ],
        {},
        { maxUnpackedBytes: 2500 },
      ),
    );
    expect(failure.reason).toBe('unpacked_too_large');
    expect(await listFolder(workDir)).toEqual(['package.zip']);
  });

  it('counts the bytes it decompresses instead of trusting a header that understates them', async () => {
    const failure = await failureOf(
      extract(
        [
          { name: 'imsmanifest.xml', content: MANIFEST },
          { name: 'a.bin', content: incompressible(5000) },
        ],
        { patch: (bytes) => declareUncompressedSize(bytes, 'a.bin', 10) },
        { maxUnpackedBytes: 4000 },
      ),
    );
    expect(failure.reason).toBe('unpacked_too_large');
  });

  it('refuses an entry that is damaged or whose size does not match its header', async () => {
    const failure = await failureOf(
      extract(
        [
          { name: 'imsmanifest.xml', content: MANIFEST },
          { name: 'a.bin', content: incompressible(500) },
        ],
        { patch: (bytes) => declareUncompressedSize(bytes, 'a.bin', 400) },
      ),
    );
    expect(failure.reason).toBe('not_a_zip');
    expect(failure.message).toContain('"a.bin" is damaged');
  });

  it('refuses an entry whose content does not match its checksum', async () => {
    const failure = await failureOf(
      extract(
        [
          { name: 'imsmanifest.xml', content: MANIFEST },
          { name: 'a.txt', content: 'hello world', compress: false },
        ],
        { rewrite: [['hello world', 'jello world']] },
      ),
    );
    expect(failure.reason).toBe('not_a_zip');
    expect(await listFolder(workDir)).toEqual(['package.zip']);
  });

  it('refuses an entry that expands more than the allowed ratio, as declared', async () => {
    const failure = await failureOf(
      extract([
        { name: 'imsmanifest.xml', content: MANIFEST },
        { name: 'padding.txt', content: Buffer.alloc(200_000, 0x20) },
      ]),
    );
    expect(failure.reason).toBe('suspicious_compression');
    expect(failure.message).toContain('padding.txt');
  });

  it('refuses an entry that expands more than the allowed ratio even when its header hides it', async () => {
    const failure = await failureOf(
      extract(
        [
          { name: 'imsmanifest.xml', content: MANIFEST },
          { name: 'padding.txt', content: Buffer.alloc(200_000, 0x20) },
        ],
        { patch: (bytes) => declareUncompressedSize(bytes, 'padding.txt', 1000) },
      ),
    );
    expect(failure.reason).toBe('suspicious_compression');
  });

  it('refuses a package file larger than the limit before reading it', async () => {
    const failure = await failureOf(
      extract(
        [
          { name: 'imsmanifest.xml', content: MANIFEST },
          { name: 'a.bin', content: incompressible(2048) },
        ],
        {},
        { maxPackageBytes: 1024 },
      ),
    );
    expect(failure.reason).toBe('too_large');
    expect(failure.message).toMatch(/^The package is 2\.\d KB; the largest accepted is 1\.0 KB\.$/);
  });

  it('refuses a file that is not a ZIP, or a truncated one', async () => {
    const notZip = path.join(workDir, 'notes.zip');
    await writeFile(notZip, 'just some text, not a zip');
    const target = path.join(workDir, 'extracted');
    expect((await failureOf(extractScormZip({ zipPath: notZip, targetDir: target }))).reason).toBe('not_a_zip');

    const zipPath = await writeZip(path.join(workDir, 'whole.zip'), [{ name: 'imsmanifest.xml', content: MANIFEST }]);
    const truncated = path.join(workDir, 'truncated.zip');
    await writeFile(truncated, (await readFile(zipPath)).subarray(0, 60));
    expect((await failureOf(extractScormZip({ zipPath: truncated, targetDir: target }))).reason).toBe('not_a_zip');
    expect(existsSync(target)).toBe(false);
  });

  it('refuses a ZIP that holds the same path twice', async () => {
    const failure = await failureOf(
      extract([
        { name: 'imsmanifest.xml', content: MANIFEST },
        { name: 'index.html', content: 'first' },
        { name: 'index.html', content: 'second' },
      ]),
    );
    expect(failure.reason).toBe('not_a_zip');
  });

  it('refuses a package with no manifest at the root or in a single top-level folder', async () => {
    const nested = await failureOf(
      extract([
        { name: 'course/imsmanifest.xml', content: MANIFEST },
        { name: 'extras/readme.txt', content: 'hi' },
      ]),
    );
    expect(nested.reason).toBe('no_manifest');
    await cleanUp();
    ({ dir: workDir, cleanUp } = await makeWorkDir());
    const none = await failureOf(extract([{ name: 'index.html', content: 'page' }]));
    expect(none.reason).toBe('no_manifest');
    expect(await listFolder(workDir)).toEqual(['package.zip']);
  });

  it('will not extract over an existing folder', async () => {
    const zipPath = await writeZip(path.join(workDir, 'p.zip'), [{ name: 'imsmanifest.xml', content: MANIFEST }]);
    await expect(extractScormZip({ zipPath, targetDir: workDir })).rejects.toThrow('already exists');
  });
});
