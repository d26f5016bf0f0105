import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The real server as its own process on the embedded database in `dataDir`, with the demo accounts. */
export function startServerProcess({
  dataDir,
  port,
  env = {},
}: {
  dataDir: string;
  port: number;
  env?: Record<string, string>;
}): ChildProcess {
  const base = `http://127.0.0.1:${port}`;
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_DATA: '1',
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: 'ignore',
  });
}

export async function waitUntilHealthy(server: ChildProcess, base: string) {
  // A fresh embedded database with the demo content can take well over a minute to start on a busy machine.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const healthy = await fetch(`${base}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy');
}

export const exited = (server: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (server.exitCode !== null) resolve(server.exitCode);
    else server.once('exit', (code) => resolve(code));
  });
