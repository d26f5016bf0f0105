/** The production server with the built web app and demo data, as the browser benchmarks load it. */
import { spawn } from 'node:child_process';
import type { Role } from '@portal/shared/roles';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../apps/server/src/modules/demo/demo.module.ts';
import { AUTH_SECRET, productionServer, REPO_ROOT, untilHealthy } from './bench-kit.ts';

/** Starts the server as `npm start` runs it (demo data on), serving `webDistDir`, and waits until it answers. */
export async function startWebServer(port: number, webDistDir: string, dataDir: string, databaseUrl?: string) {
  const production = productionServer();
  const server = spawn(process.execPath, production.args, {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...production.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      CONTENT_PORT: String(port + 1),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      AUTH_SECRET,
      DEMO_DATA: '1',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: webDistDir,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return untilHealthy(server, port, 120_000);
}

/** The session cookie of the demo account with `role`, as the browser would hold it after signing in. */
export async function demoCookie(port: number, role: Role): Promise<string> {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.role === role);
  if (!account) throw new Error(`no demo ${role}`);
  const origin = `http://127.0.0.1:${port}`;
  const response = await fetch(`${origin}/api/account/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: account.email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`demo sign-in failed: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  if (cookies.length === 0) throw new Error('demo sign-in set no cookie');
  return cookies.join('; ');
}

/** The session cookie (as `demoCookie` returns it) as the cookies a browser context adds for `origin`. */
export const browserCookies = (cookie: string, origin: string) =>
  cookie.split('; ').map((pair) => {
    const [name = '', ...value] = pair.split('=');
    return { name, value: value.join('='), url: origin };
  });
