import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ZipFile } from 'yazl';
import type { App } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { grantRole, signUpAndConfirm } from '../../testing/factories.ts';
import { scormPackages, scormScos } from './scorm.table.ts';

/** The published "Golf Explained" sample packages (CC BY 3.0, see samples/README.md). */
export const SCORM_SAMPLES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'samples');

export interface ZipEntrySpec {
  name: string;
  content?: string | Buffer;
  /** Unix mode bits, e.g. `0o120777` for a symbolic link. */
  mode?: number;
  compress?: boolean;
}

/**
 * Writes a ZIP built in memory. `rewrite` swaps byte strings of equal length afterwards (in local and central
 * headers alike), to produce entry names the ZIP writer itself refuses, such as `../evil.txt`; `patch` may
 * change the finished bytes further.
 */
export async function writeZip(
  zipPath: string,
  entries: ZipEntrySpec[],
  {
    rewrite = [],
    patch = (bytes) => bytes,
  }: { rewrite?: Array<[from: string, to: string]>; patch?: (bytes: Buffer) => Buffer } = {},
): Promise<string> {
  const zip = new ZipFile();
  for (const entry of entries) {
    if (entry.name.endsWith('/')) {
      zip.addEmptyDirectory(entry.name);
      continue;
    }
    zip.addBuffer(Buffer.from(entry.content ?? ''), entry.name, {
      compress: entry.compress ?? true,
      ...(entry.mode === undefined ? {} : { mode: entry.mode }),
    });
  }
  zip.end();
  let bytes = await collect(zip.outputStream);
  for (const [from, to] of rewrite) bytes = replaceBytes(bytes, from, to);
  await writeFile(zipPath, patch(bytes));
  return zipPath;
}

/** Rewrites the uncompressed size an entry's headers declare, leaving its data alone. */
export function declareUncompressedSize(zip: Buffer, name: string, size: number): Buffer {
  const patched = Buffer.from(zip);
  for (let offset = 0; offset + 4 <= patched.length; offset += 1) {
    const signature = patched.readUInt32LE(offset);
    if (signature === 0x04034b50 && headerName(patched, offset + 30, patched.readUInt16LE(offset + 26)) === name) {
      patched.writeUInt32LE(size, offset + 22);
    }
    if (signature === 0x02014b50 && headerName(patched, offset + 46, patched.readUInt16LE(offset + 28)) === name) {
      patched.writeUInt32LE(size, offset + 24);
    }
  }
  return patched;
}

/** A fresh folder under the system temp folder, and a way to remove it. */
export async function makeWorkDir(): Promise<{ dir: string; cleanUp: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'scorm-test-'));
  return { dir, cleanUp: () => rm(dir, { recursive: true, force: true }) };
}

/** Everything left in a folder, for asserting that a failed extraction left nothing behind. */
export async function listFolder(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true })).map((entry) => entry.split(path.sep).join('/')).sort();
}

/** Wraps organizations and resources in a SCORM 1.2 manifest. */
export function scorm12Manifest(body: string, { identifier = 'com.example.course12', base = '' } = {}): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${identifier}" version="1"${base ? ` xml:base="${base}"` : ''}
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  ${body}
</manifest>`;
}

/** Wraps organizations, resources and anything else in a SCORM 2004 manifest of the given edition. */
export function scorm2004Manifest(
  body: string,
  { identifier = 'com.example.course2004', schemaVersion = '2004 4th Edition' } = {},
): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${identifier}" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>${schemaVersion}</schemaversion></metadata>
  ${body}
</manifest>`;
}

/**
 * A valid one-SCO SCORM 1.2 package with `fileCount` stored (uncompressed) files of random bytes, so extracting it
 * takes a while: long enough to stop a server in the middle of it.
 */
export async function writeLargeScormZip(
  zipPath: string,
  { fileCount = 2000, bytesPerFile = 16 * 1024 }: { fileCount?: number; bytesPerFile?: number } = {},
): Promise<string> {
  const manifest = scorm12Manifest(`
  <organizations default="org"><organization identifier="org"><title>Large course</title>
    <item identifier="page" identifierref="r1"><title>Page</title></item>
  </organization></organizations>
  <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="index.html"/></resources>`);
  const assets = Array.from({ length: fileCount }, (_, index) => ({
    name: `assets/${Math.floor(index / 100)}/file-${index}.bin`,
    content: randomBytes(bytesPerFile),
    compress: false,
  }));
  return writeZip(zipPath, [
    { name: 'imsmanifest.xml', content: manifest },
    { name: 'index.html', content: '<html><body>Large course</body></html>' },
    ...assets,
  ]);
}

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

function replaceBytes(bytes: Buffer, from: string, to: string): Buffer {
  const search = Buffer.from(from);
  const replacement = Buffer.from(to);
  if (search.length !== replacement.length) throw new Error('rewrite needs strings of equal byte length');
  const result = Buffer.from(bytes);
  let at = result.indexOf(search);
  if (at < 0) throw new Error(`"${from}" does not occur in the ZIP`);
  while (at >= 0) {
    replacement.copy(result, at);
    at = result.indexOf(search, at + search.length);
  }
  return result;
}

function headerName(bytes: Buffer, start: number, length: number): string | null {
  return start + length <= bytes.length ? bytes.toString('utf8', start, start + length) : null;
}

/** A signed-up user with a role, and the headers their browser sends. */
export async function createScormPerson(app: App, _db: Db, role: 'admin' | 'instructor' | 'learner') {
  const person = await signUpAndConfirm(app, { name: `${role} ${Math.random().toString(36).slice(2, 7)}` });
  if (role !== 'learner') await grantRole(app, person.userId, role);
  return { id: person.userId, headers: { cookie: person.cookie } };
}
export type ScormPerson = Awaited<ReturnType<typeof createScormPerson>>;

/** A processed package with one SCO, as ingest leaves it (ingest itself is covered by the SCORM tests). */
export async function insertReadyScormPackage(db: Db) {
  const [pkg] = await db
    .insert(scormPackages)
    .values({
      title: 'Packaged',
      zipPath: 'scorm-packages/1_packaged.zip',
      status: 'ready',
      version: '1.2',
      metadata: { originalFileName: 'packaged.zip', fileSize: 1, uploadedAt: new Date().toISOString() },
    })
    .returning({ id: scormPackages.id });
  if (!pkg) throw new Error('package not inserted');
  const [sco] = await db
    .insert(scormScos)
    .values({
      packageId: pkg.id,
      organizationId: 'org',
      itemId: 'item',
      resourceId: 'res',
      title: 'Start',
      launchUrl: 'index.html',
      scormType: 'sco',
      position: 0,
      settings: {
        parameters: null,
        mastery_score: null,
        completion_threshold: null,
        time_limit_action: null,
        data_from_lms: null,
        max_time_allowed: null,
        prerequisites: null,
      },
    })
    .returning({ id: scormScos.id });
  if (!sco) throw new Error('SCO not inserted');
  return { packageId: pkg.id, scoId: sco.id };
}

/** Requests as a person's browser makes them, and the upload-then-process step every runtime test starts with. */
export function scormTestClient(app: App) {
  const call = async <T>(
    person: ScormPerson,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<{ status: number; body: T }> => {
    const response = await app.inject({
      method,
      url,
      headers: person.headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    return { status: response.statusCode, body: (response.body ? response.json() : null) as T };
  };

  /** Uploads a ZIP written with `writeZip`, processes it and returns the package's id. */
  const uploadAndProcess = async (person: ScormPerson, file: string): Promise<string> => {
    const uploaded = await app.inject({
      method: 'POST',
      url: `/api/scorm/packages?file_name=${encodeURIComponent(path.basename(file))}`,
      headers: { ...person.headers, 'content-type': 'application/zip' },
      payload: await readFile(file),
    });
    if (uploaded.statusCode !== 201) throw new Error(`upload failed: ${uploaded.body}`);
    const { id } = uploaded.json<{ package: { id: string } }>().package;
    const processed = await call<{ package: { status: string } }>(person, 'POST', `/api/scorm/packages/${id}/process`);
    if (processed.body.package.status !== 'ready') throw new Error(`processing failed: ${JSON.stringify(processed)}`);
    return id;
  };

  /** Enrols a learner in a package as its manager; returns the enrolment and the package's SCOs in manifest order. */
  const enrol = async (manager: ScormPerson, learner: ScormPerson, packageId: string) => {
    const created = await call<{ enrollments: Array<{ id: string; learner: { id: string } }> }>(
      manager,
      'POST',
      `/api/scorm/packages/${packageId}/enrollments`,
      { learner_ids: [learner.id] },
    );
    const enrollmentId = created.body.enrollments.find((row) => row.learner.id === learner.id)?.id ?? '';
    const detail = await call<{ scos: Array<{ id: string; item_id: string }> }>(
      manager,
      'GET',
      `/api/scorm/packages/${packageId}`,
    );
    return { enrollmentId, scos: detail.body.scos };
  };

  return { call, uploadAndProcess, enrol };
}
