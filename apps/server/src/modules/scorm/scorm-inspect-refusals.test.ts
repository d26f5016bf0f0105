import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScormPackageError } from './scorm.errors.ts';
import { listFolder, makeWorkDir, scorm12Manifest, type ZipEntrySpec } from './scorm.testing.ts';
import { ONE_PAGE_12, packageInspector, page } from './scorm-inspect.testing.ts';
import { inspectScormPackage } from './scorm-inspect.ts';
import type { ScormPackageLimits } from './scorm-zip.ts';

let workDir: string;
let cleanUp: () => Promise<void>;
beforeEach(async () => {
  ({ dir: workDir, cleanUp } = await makeWorkDir());
});
afterEach(async () => {
  await cleanUp();
});

const { targetDir, inspectBuilt } = packageInspector(() => workDir);

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE manifest [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
  <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
  <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
  <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
  <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
  <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
${scorm12Manifest(ONE_PAGE_12.replace('<title>Course</title>', '<title>&lol9;</title>')).replace(/^<\?xml[^>]*>\s*/, '')}`;

const failingPackages: Array<
  [
    reason: string,
    description: string,
    entries: ZipEntrySpec[],
    options?: { rewrite?: Array<[string, string]>; limits?: Partial<ScormPackageLimits> },
  ]
> = [
  [
    'path_escape',
    'a zip-slip entry ../evil.txt',
    [{ name: 'imsmanifest.xml', content: scorm12Manifest(ONE_PAGE_12) }, page('index.html'), page('XX/evil.txt')],
    { rewrite: [['XX/evil.txt', '../evil.txt']] },
  ],
  [
    'path_escape',
    'an absolute entry path',
    [{ name: 'imsmanifest.xml', content: scorm12Manifest(ONE_PAGE_12) }, page('index.html'), page('Xevil.txt')],
    { rewrite: [['Xevil.txt', '/evil.txt']] },
  ],
  [
    'path_escape',
    'a manifest href that climbs out of the package',
    [
      { name: 'imsmanifest.xml', content: scorm12Manifest(ONE_PAGE_12.replace('"index.html"', '"../index.html"')) },
      page('index.html'),
    ],
  ],
  [
    'malformed_manifest',
    'a DOCTYPE declaring entities (billion laughs)',
    [{ name: 'imsmanifest.xml', content: BILLION_LAUGHS }, page('index.html')],
  ],
  [
    'malformed_manifest',
    'a manifest that is not well-formed XML',
    [{ name: 'imsmanifest.xml', content: '<manifest><organizations></manifest>' }, page('index.html')],
  ],
  ['no_manifest', 'a ZIP without imsmanifest.xml', [page('index.html'), page('about.html')]],
  [
    'missing_launch_file',
    'a launch file the ZIP does not contain',
    [{ name: 'imsmanifest.xml', content: scorm12Manifest(ONE_PAGE_12) }, page('other.html')],
  ],
  [
    'unsupported_version',
    'a SCORM version other than 1.2 or 2004',
    [
      {
        name: 'imsmanifest.xml',
        content: scorm12Manifest(ONE_PAGE_12)
          .replace('<schemaversion>1.2</schemaversion>', '<schemaversion>1.1</schemaversion>')
          .replace('adlcp_rootv1p2', 'adlcp_rootv1p1'),
      },
      page('index.html'),
    ],
  ],
  [
    'no_launchable_content',
    'organizations without a launchable item',
    [
      {
        name: 'imsmanifest.xml',
        content: scorm12Manifest(ONE_PAGE_12.replace(' identifierref="r1"', '')),
      },
      page('index.html'),
    ],
  ],
  [
    'suspicious_compression',
    'an entry compressed far beyond 100:1',
    [
      { name: 'imsmanifest.xml', content: scorm12Manifest(ONE_PAGE_12) },
      page('index.html'),
      { name: 'filler.txt', content: Buffer.alloc(100_000, 0x61) },
    ],
  ],
  [
    'too_many_entries',
    'more entries than a low limit',
    [{ name: 'imsmanifest.xml', content: scorm12Manifest(ONE_PAGE_12) }, page('index.html'), page('a.html')],
    { limits: { maxEntries: 2 } },
  ],
  [
    'unpacked_too_large',
    'more unpacked bytes than a low limit',
    [{ name: 'imsmanifest.xml', content: scorm12Manifest(ONE_PAGE_12) }, page('index.html')],
    { limits: { maxUnpackedBytes: 200 } },
  ],
  [
    'too_large',
    'a package file over a low limit',
    [{ name: 'imsmanifest.xml', content: scorm12Manifest(ONE_PAGE_12) }, page('index.html')],
    { limits: { maxPackageBytes: 100 } },
  ],
];

describe('refusing packages that cannot be imported', () => {
  it.each(failingPackages)('fails with %s for %s and leaves nothing behind', async (reason, _, entries, options) => {
    const error = await inspectBuilt(entries, options).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ScormPackageError);
    expect((error as ScormPackageError).reason).toBe(reason);
    expect((error as ScormPackageError).message.length).toBeGreaterThan(20);
    expect(await listFolder(workDir)).toEqual(['upload.zip']);
  });

  it('fails with not_a_zip for a file that is not a ZIP', async () => {
    const zipPath = path.join(workDir, 'course.zip');
    await writeFile(zipPath, '# A course\n\nThis is a text file with a .zip name.\n');
    const error = await inspectScormPackage({ zipPath, targetDir: targetDir() }).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toMatchObject({ reason: 'not_a_zip' });
    expect(existsSync(targetDir())).toBe(false);
  });
});
