import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScormPackageError } from './scorm.errors.ts';
import { declareUncompressedSize, makeWorkDir, scorm12Manifest, writeZip, type ZipEntrySpec } from './scorm.testing.ts';
import { extractScormZip } from './scorm-zip.ts';
import { WHOLE_ENTRY_MAX_BYTES } from './scorm-zip-entry.ts';

// Small entries are written in one piece and large ones streamed; these cover files on both sides of that line.
const MANIFEST = scorm12Manifest(`
  <organizations default="org"><organization identifier="org"><title>Course</title>
    <item identifier="i1" identifierref="r1"><title>Lesson</title></item>
  </organization></organizations>
  <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="index.html"/></resources>`);

let workDir: string;
let cleanUp: () => Promise<void>;
beforeEach(async () => {
  ({ dir: workDir, cleanUp } = await makeWorkDir());
});
afterEach(async () => {
  await cleanUp();
});

async function extract(entries: ZipEntrySpec[], patch?: (bytes: Buffer) => Buffer) {
  const zipPath = await writeZip(path.join(workDir, 'package.zip'), entries, patch ? { patch } : {});
  return extractScormZip({ zipPath, targetDir: path.join(workDir, 'extracted') });
}

describe('extracting files of every size', () => {
  it('writes small, empty and large files, stored and deflated, exactly as packed', async () => {
    const video = randomBytes(WHOLE_ENTRY_MAX_BYTES + 300_000);
    // Hex text deflates to about half, far from the compression-ratio limit.
    const script = Buffer.from(randomBytes(WHOLE_ENTRY_MAX_BYTES * 0.75).toString('hex'));
    const picture = randomBytes(200_000);
    const files: Array<ZipEntrySpec & { content: Buffer }> = [
      { name: 'imsmanifest.xml', content: Buffer.from(MANIFEST) },
      { name: 'index.html', content: Buffer.from('<h1>Hello</h1>') },
      { name: 'empty.txt', content: Buffer.alloc(0) },
      { name: 'media/video.mp4', content: video, compress: false },
      { name: 'media/picture.jpg', content: picture, compress: false },
      { name: 'js/bundle.js', content: script },
    ];
    const result = await extract(files);

    expect(result.files).toEqual(files.map((file) => file.name));
    expect(result.unpackedBytes).toBe(files.reduce((sum, file) => sum + file.content.length, 0));
    for (const file of files) {
      const written = await readFile(path.join(workDir, 'extracted', file.name));
      expect(written.equals(file.content), file.name).toBe(true);
    }
  });

  it('refuses a large file whose header understates its size, leaving nothing behind', async () => {
    const failure = await extract(
      [
        { name: 'imsmanifest.xml', content: MANIFEST },
        { name: 'index.html', content: '<h1>Hello</h1>' },
        { name: 'js/bundle.js', content: randomBytes(WHOLE_ENTRY_MAX_BYTES).toString('hex') },
      ],
      (bytes) => declareUncompressedSize(bytes, 'js/bundle.js', WHOLE_ENTRY_MAX_BYTES + 1),
    ).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ScormPackageError);
    expect((failure as ScormPackageError).reason).toBe('not_a_zip');
    expect((failure as ScormPackageError).message).toContain('"js/bundle.js" is damaged');
    expect(existsSync(path.join(workDir, 'extracted'))).toBe(false);
  });
});
