import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ScormPackage } from '@portal/shared/scorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { startTestApp, testConfig, testTargets } from '../../testing/test-app.ts';
import {
  createScormPerson,
  listFolder,
  type ScormPerson,
  scorm12Manifest,
  writeZip,
  type ZipEntrySpec,
} from './scorm.testing.ts';

const LIMITS = { maxPackageBytes: 300_000, maxEntries: 40, maxUnpackedBytes: 120_000, maxCompressionRatio: 100 };

const MANIFEST = scorm12Manifest(`
  <organizations default="org"><organization identifier="org"><title>Course</title>
    <item identifier="i1" identifierref="r1"><title>Lesson</title></item>
  </organization></organizations>
  <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="index.html"/></resources>`);
const manifest = (content = MANIFEST): ZipEntrySpec => ({ name: 'imsmanifest.xml', content });
const page = (name: string): ZipEntrySpec => ({ name, content: `<html><body>${name}</body></html>` });

/** Sets the "encrypted" flag of every entry, in local and central headers, as a password-protected ZIP has it. */
function markEncrypted(bytes: Buffer): Buffer {
  const patched = Buffer.from(bytes);
  for (let offset = 0; offset + 4 <= patched.length; offset += 1) {
    const signature = patched.readUInt32LE(offset);
    if (signature === 0x04034b50) patched.writeUInt16LE(patched.readUInt16LE(offset + 6) | 1, offset + 6);
    if (signature === 0x02014b50) patched.writeUInt16LE(patched.readUInt16LE(offset + 8) | 1, offset + 8);
  }
  return patched;
}

type HostileCase = [
  reason: string,
  description: string,
  entries: ZipEntrySpec[],
  options?: { rewrite?: Array<[string, string]>; patch?: (bytes: Buffer) => Buffer },
];

const HOSTILE: HostileCase[] = [
  [
    'path_escape',
    'a zip-slip entry ../evil.html',
    [manifest(), page('index.html'), page('XX/evil.html')],
    {
      rewrite: [['XX/evil.html', '../evil.html']],
    },
  ],
  [
    'path_escape',
    'an absolute entry path',
    [manifest(), page('index.html'), page('Xevil.html')],
    {
      rewrite: [['Xevil.html', '/evil.html']],
    },
  ],
  [
    'path_escape',
    'a backslash path that climbs out',
    [manifest(), page('index.html'), page('YYYevil.html')],
    {
      rewrite: [['YYYevil.html', '..\\evil.html']],
    },
  ],
  [
    'path_escape',
    'a symbolic link',
    [manifest(), page('index.html'), { name: 'link.html', content: '/etc/passwd', mode: 0o120777 }],
  ],
  ['not_a_zip', 'encrypted entries', [manifest(), page('index.html')], { patch: markEncrypted }],
  ['not_a_zip', 'a truncated ZIP', [manifest(), page('index.html')], { patch: (bytes) => bytes.subarray(0, 80) }],
  [
    'too_many_entries',
    'more entries than the limit',
    [manifest(), page('index.html'), ...Array.from({ length: 45 }, (_, n) => page(`p${n}.html`))],
  ],
  [
    'unpacked_too_large',
    'more unpacked bytes than the limit',
    [manifest(), page('index.html'), { name: 'video.bin', content: randomBytes(130_000), compress: false }],
  ],
  [
    'suspicious_compression',
    'an entry compressed beyond 100:1',
    [manifest(), page('index.html'), { name: 'zeros.txt', content: Buffer.alloc(110_000, 0x30) }],
  ],
  [
    'malformed_manifest',
    'an external entity (XXE)',
    [
      manifest(
        MANIFEST.replace(
          '<manifest',
          '<!DOCTYPE manifest [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<manifest',
        ).replace('<title>Course</title>', '<title>&xxe;</title>'),
      ),
      page('index.html'),
    ],
  ],
  [
    'malformed_manifest',
    'entity expansion (billion laughs)',
    [
      manifest(
        MANIFEST.replace(
          '<manifest',
          '<!DOCTYPE manifest [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>\n<manifest',
        ).replace('<title>Course</title>', '<title>&lol2;</title>'),
      ),
      page('index.html'),
    ],
  ],
  ['missing_launch_file', 'a manifest launching a file the ZIP lacks', [manifest(), page('other.html')]],
  ['no_manifest', 'no imsmanifest.xml', [page('index.html')]],
];

// Hostile packages fail in the extractor, the same on either database, so they run once.
describe('hostile SCORM uploads through the whole pipeline', () => {
  let app: App;
  let close: () => Promise<void>;
  let dataDir: string;
  let workDir: string;
  let instructor: ScormPerson;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-scorm-hostile-'));
    workDir = await mkdtemp(path.join(os.tmpdir(), 'portal-scorm-hostile-zips-'));
    const [pglite] = testTargets();
    const started = await startTestApp(pglite as NonNullable<typeof pglite>, {
      dataDir,
      scorm: { ...testConfig().scorm, limits: LIMITS },
    });
    app = started.app;
    close = started.close;
    instructor = await createScormPerson(app, started.database.db, 'instructor');
  });
  afterAll(async () => {
    await close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(workDir, { recursive: true, force: true });
  });

  const upload = (bytes: Buffer, fileName = 'course.zip') =>
    app.inject({
      method: 'POST',
      url: `/api/scorm/packages?file_name=${fileName}`,
      headers: { ...instructor.headers, 'content-type': 'application/zip' },
      payload: bytes,
    });

  it.each(HOSTILE)(
    'marks the package failed with %s for %s, writing nothing outside its folder',
    async (reason, _, entries, options) => {
      const zipPath = await writeZip(path.join(workDir, `${reason}-${Date.now()}.zip`), entries, options ?? {});
      const uploaded = await upload(await readFile(zipPath));
      expect(uploaded.statusCode).toBe(201);
      const { id } = uploaded.json<{ package: ScormPackage }>().package;
      const processed = await app.inject({
        method: 'POST',
        url: `/api/scorm/packages/${id}/process`,
        headers: instructor.headers,
      });
      expect(processed.statusCode).toBe(200);
      const pkg = processed.json<{ package: ScormPackage }>().package;
      expect(pkg).toMatchObject({ status: 'failed', failure_reason: reason });
      expect(pkg.failure_message?.length).toBeGreaterThan(10);
      expect(existsSync(path.join(dataDir, 'files', 'scorm-content', id))).toBe(false);
      const everything = await listFolder(dataDir);
      expect(everything.filter((entry) => /evil|passwd/.test(entry))).toEqual([]);
      expect(existsSync('/evil.html')).toBe(false);
    },
  );

  it('refuses a non-ZIP renamed .zip, and an upload over the size limit before any package exists', async () => {
    const renamed = await upload(Buffer.from('%PDF-1.7 a slide deck, renamed'), 'slides.zip');
    const { id } = renamed.json<{ package: ScormPackage }>().package;
    const processed = await app.inject({
      method: 'POST',
      url: `/api/scorm/packages/${id}/process`,
      headers: instructor.headers,
    });
    expect(processed.json<{ package: ScormPackage }>().package).toMatchObject({
      status: 'failed',
      failure_reason: 'not_a_zip',
    });

    const before = await app.inject({ method: 'GET', url: '/api/scorm/packages', headers: instructor.headers });
    const tooLarge = await upload(randomBytes(LIMITS.maxPackageBytes + 10));
    expect(tooLarge.statusCode).toBe(413);
    const after = await app.inject({ method: 'GET', url: '/api/scorm/packages', headers: instructor.headers });
    expect(after.json<{ packages: ScormPackage[] }>().packages).toHaveLength(
      before.json<{ packages: ScormPackage[] }>().packages.length,
    );
    const stored = (await listFolder(path.join(dataDir, 'files', 'scorm-packages'))).filter((file) =>
      file.endsWith('.partial'),
    );
    expect(stored).toEqual([]);
  });
});
