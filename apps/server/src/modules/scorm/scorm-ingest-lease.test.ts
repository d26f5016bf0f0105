import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ScormPackage } from '@portal/shared/scorm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { startTestApp, testConfig, testTargets } from '../../testing/test-app.ts';
import { scormPackages } from './scorm.table.ts';
import { createScormPerson, type ScormPerson, writeLargeScormZip } from './scorm.testing.ts';
import { INTERRUPTED_MESSAGE } from './scorm-ingest-lease.ts';

/**
 * Short enough that the app's own sweep runs several times while one large package is extracted (renewals every
 * 125 ms, a sweep every 250 ms), long enough that a busy machine's pauses do not outlast it; the package has so many
 * small files that its extraction takes over two leases even on a fast, idle machine (1.5 s on one).
 */
const LEASE_SECONDS = 0.5;

describe.each(testTargets())('SCORM ingest leases on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let dataDir: string;
  let instructor: ScormPerson;

  const contentDir = () => path.join(dataDir, 'files', 'scorm-content');
  const statusOf = async (packageId: string) => {
    const [row] = await database.db
      .select({ status: scormPackages.status, reason: scormPackages.failureReason })
      .from(scormPackages)
      .where(eq(scormPackages.id, packageId));
    return row;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), `portal-scorm-lease-${target.name}-`));
    const started = await startTestApp(target, {
      dataDir,
      scorm: {
        ...testConfig().scorm,
        ingestLeaseSeconds: LEASE_SECONDS,
        limits: { ...testConfig().scorm.limits, maxEntries: 25_000 },
      },
    });
    ({ app, database, close } = started);
    instructor = await createScormPerson(app, database.db, 'instructor');
  });
  afterAll(async () => {
    await close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a slow ingest that keeps renewing its lease ends ready although the sweep runs throughout', async () => {
    const zip = await writeLargeScormZip(path.join(dataDir, 'large.zip'), { fileCount: 24_000, bytesPerFile: 256 });
    const { headers } = instructor;
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/scorm/packages?file_name=large.zip',
      headers: { ...headers, 'content-type': 'application/zip' },
      payload: await readFile(zip),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { id } = uploaded.json<{ package: ScormPackage }>().package;

    const started = Date.now();
    const processed = await app.inject({ method: 'POST', url: `/api/scorm/packages/${id}/process`, headers });
    // Many leases passed while the package was extracted, so a lease that was not renewed would have run out.
    expect(Date.now() - started).toBeGreaterThan(LEASE_SECONDS * 1000 * 2);
    expect(processed.json<{ package: ScormPackage }>().package).toMatchObject({
      status: 'ready',
      failure_reason: null,
    });
    expect(await statusOf(id)).toMatchObject({ status: 'ready' });
  });

  it('fails an ingest whose lease ran out and removes its partial files and partial folders nobody owns', async () => {
    const [stuck] = await database.db
      .insert(scormPackages)
      .values({
        title: 'Stuck',
        zipPath: 'scorm-packages/1_stuck.zip',
        status: 'processing',
        createdBy: instructor.id,
        metadata: { originalFileName: 'stuck.zip', fileSize: 1, uploadedAt: new Date().toISOString() },
      })
      .returning({ id: scormPackages.id });
    if (!stuck) throw new Error('package not inserted');
    const stuckPartial = path.join(contentDir(), `.${stuck.id}.partial-${randomUUID()}`);
    const orphanPartial = path.join(contentDir(), `.${randomUUID()}.partial-${randomUUID()}`);
    for (const folder of [stuckPartial, orphanPartial]) {
      await mkdir(path.join(folder, 'assets'), { recursive: true });
      await writeFile(path.join(folder, 'assets', 'half-written.bin'), 'partial');
    }

    await expect.poll(() => statusOf(stuck.id), { timeout: 10_000 }).toMatchObject({ status: 'failed' });
    const studio = await app.inject({
      method: 'GET',
      url: `/api/scorm/packages/${stuck.id}`,
      headers: instructor.headers,
    });
    expect(studio.json<{ package: ScormPackage }>().package).toMatchObject({
      status: 'failed',
      failure_reason: 'interrupted',
      failure_message: INTERRUPTED_MESSAGE,
    });
    await expect.poll(() => existsSync(stuckPartial) || existsSync(orphanPartial), { timeout: 5_000 }).toBe(false);
  });
});
