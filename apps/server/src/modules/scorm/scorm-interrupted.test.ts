import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ScormPackage } from '@portal/shared/scorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exited, startServerProcess, waitUntilHealthy } from '../../testing/server-process.ts';
import { writeLargeScormZip } from './scorm.testing.ts';
import { INTERRUPTED_MESSAGE } from './scorm-ingest-lease.ts';

const port = 4600 + Math.floor(Math.random() * 400);
const base = `http://127.0.0.1:${port}`;
// A one-second lease lets the restarted server see the dead ingest's lease run out within the test.
const env = { SCORM_INGEST_LEASE_SECONDS: '1', CONTENT_PORT: '0' };

let dataDir: string;
let running: ChildProcess | null = null;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-scorm-kill-'));
});
afterAll(async () => {
  running?.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

const contentDir = () => path.join(dataDir, 'files', 'scorm-content');
const partialFolders = async () =>
  (await readdir(contentDir()).catch(() => [] as string[])).filter((name) => name.includes('.partial'));

async function signInAsAdmin() {
  const response = await fetch(`${base}/api/account/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'admin@example.com', password: 'demo-password-123' }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  return { cookie, origin: base };
}

describe('a server killed in the middle of a SCORM ingest', { timeout: 420_000 }, () => {
  it('marks the package failed, interrupted, once it starts again, and leaves no partial folder behind', async () => {
    running = startServerProcess({ dataDir, port, env });
    await waitUntilHealthy(running, base);
    const headers = await signInAsAdmin();
    const zip = await writeLargeScormZip(path.join(dataDir, 'large.zip'), { fileCount: 4000, bytesPerFile: 8192 });
    const uploaded = await fetch(`${base}/api/scorm/packages?file_name=large.zip`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/zip' },
      body: await readFile(zip),
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const { id } = ((await uploaded.json()) as { package: ScormPackage }).package;

    const processing = fetch(`${base}/api/scorm/packages/${id}/process`, { method: 'POST', headers }).catch(() => null);
    await expect.poll(partialFolders, { timeout: 30_000, interval: 10 }).not.toEqual([]);
    running.kill('SIGKILL');
    await exited(running);
    expect(await processing).toBeNull();
    expect(await partialFolders()).not.toEqual([]);

    running = startServerProcess({ dataDir, port, env });
    await waitUntilHealthy(running, base);
    const packageNow = async () => {
      const response = await fetch(`${base}/api/scorm/packages/${id}`, { headers });
      return ((await response.json()) as { package: ScormPackage }).package;
    };
    await expect
      .poll(packageNow, { timeout: 20_000, interval: 250 })
      .toMatchObject({ status: 'failed', failure_reason: 'interrupted', failure_message: INTERRUPTED_MESSAGE });
    expect(await partialFolders()).toEqual([]);
    expect(existsSync(path.join(contentDir(), id))).toBe(false);

    running.kill('SIGTERM');
    await exited(running);
    running = null;
  });
});
