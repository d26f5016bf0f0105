import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, startServerProcess, waitUntilHealthy as waitUntilServing } from './testing/server-process.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-process-'));
const port = 4100 + Math.floor(Math.random() * 500);
const base = `http://127.0.0.1:${port}`;

const startServer = () => startServerProcess({ dataDir, port });
const waitUntilHealthy = (server: ChildProcess) => waitUntilServing(server, base);

async function signIn() {
  const response = await fetch(`${base}/api/account/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'learner@example.com', password: 'demo-password-123' }),
  });
  return {
    status: response.status,
    cookie: response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
}

let running: ChildProcess | null = null;
afterAll(async () => {
  running?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

// Each test starts the real process (migrations, demo content) up to twice; a busy machine needs the room.
describe('the server process on the embedded database', { timeout: 300_000 }, () => {
  it('loses no committed data when killed with SIGKILL and starts cleanly again', async () => {
    running = startServer();
    await waitUntilHealthy(running);
    const { cookie } = await signIn();
    const saved = await fetch(`${base}/api/profile`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie, origin: base },
      body: JSON.stringify({ bio: 'written just before the crash' }),
    });
    expect(saved.status).toBe(200);

    running.kill('SIGKILL');
    await exited(running);

    running = startServer();
    await waitUntilHealthy(running);
    const profile = await fetch(`${base}/api/profile`, { headers: { cookie } });
    expect(profile.status).toBe(200);
    const body = (await profile.json()) as { profile: { bio: string | null } };
    expect(body.profile.bio).toBe('written just before the crash');
  });

  it('on SIGTERM finishes the request in flight, then exits 0 and leaves a database that opens again', async () => {
    if (!running) throw new Error('no server');
    const inFlight = signIn();
    await new Promise((resolve) => setTimeout(resolve, 20));
    running.kill('SIGTERM');
    const [answer, code] = await Promise.all([inFlight, exited(running)]);
    expect(answer.status).toBe(200);
    expect(code).toBe(0);

    running = startServer();
    await waitUntilHealthy(running);
    expect((await signIn()).status).toBe(200);
    running.kill('SIGTERM');
    expect(await exited(running)).toBe(0);
    running = null;
  });
});
