/** Shared pieces of the API and realtime benchmarks: a database, signed-in learners, a server process, its RSS. */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type Config, loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { profiles, sessions, subscriptions, users } from '../apps/server/src/db/schema.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const AUTH_SECRET = randomBytes(32).toString('hex');

/**
 * Builds the production server bundle and reads how `npm start` runs it (the server package's `start` script:
 * environment defaults, Node flags, the bundle), so every benchmark measures what production runs.
 */
export function productionServer(): { args: string[]; env: Record<string, string> } {
  const serverDir = path.join(REPO_ROOT, 'apps/server');
  execFileSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: 'inherit' });
  const { scripts } = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = scripts.start.split(/\s+/);
  const env: Record<string, string> = {};
  for (const assignment of words.slice(0, words.indexOf('node'))) {
    const [name = '', value = ''] = assignment.split('=');
    const fallback = /^\$\{(\w+):-(.*)\}$/.exec(value);
    env[name] = fallback ? (process.env[fallback[1] ?? ''] ?? fallback[2] ?? '') : value;
  }
  const args = words
    .slice(words.indexOf('node') + 1)
    .map((word) => (word.startsWith('dist/') ? `apps/server/${word}` : word));
  // Node refuses --cpu-prof in NODE_OPTIONS, so a profile of the measured server is asked for here.
  const profileDir = process.env.BENCH_SERVER_CPU_PROF;
  if (profileDir) args.unshift('--cpu-prof', `--cpu-prof-dir=${profileDir}`);
  return { args, env };
}

/** A learner signed in with a bearer token (the same session a browser cookie carries). */
export type BenchLearner = { userId: string; token: string };

export type BenchDatabase = {
  kind: 'PGlite' | 'PostgreSQL';
  /** The folder the server's DATA_DIR points at (its embedded database lives in `db/` below it). */
  dataDir: string;
  /** Set for PostgreSQL: the fresh database the run uses. */
  url: string | undefined;
  open: () => Promise<Database>;
  cleanup: () => Promise<void>;
};

/** A fresh database: PostgreSQL when BENCH_DATABASE_URL names a server (created and dropped), else embedded PGlite. */
export async function createBenchDatabase(prefix: string): Promise<BenchDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `portal-bench-${prefix}-`));
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    return {
      kind: 'PGlite',
      dataDir,
      url: undefined,
      open: () => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') }),
      cleanup: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `portal_bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'PostgreSQL',
    dataDir,
    url: url.toString(),
    open: () => openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 20 }),
    cleanup: async () => {
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Learners with confirmed accounts, a profile, the me plan and a session each, written straight to the database
 * (signing up thousands through the password hash would take minutes and measure nothing of interest here).
 */
export async function createLearners(database: Database, count: number, label = 'bench'): Promise<BenchLearner[]> {
  const learners = Array.from({ length: count }, () => ({
    userId: randomUUID(),
    token: randomBytes(24).toString('hex'),
  }));
  for (let start = 0; start < learners.length; start += 500) {
    const batch = learners.slice(start, start + 500);
    await database.db.insert(users).values(
      batch.map((learner, index) => ({
        id: learner.userId,
        name: `Bench Learner ${start + index + 1}`,
        email: `${label}-${learner.userId}@example.com`,
        emailVerified: true,
      })),
    );
    await database.db.insert(sessions).values(
      batch.map((learner) => ({
        id: randomUUID(),
        token: learner.token,
        userId: learner.userId,
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    );
    await database.db.insert(profiles).values(
      batch.map((learner) => ({
        id: learner.userId,
        emailNotifications: { new_courses: true, weekly_summary: true, ai_prompts: false },
        appReminders: { study_streak: true, module_nudges: true },
        calendarSync: { google: false, outlook: false },
      })),
    );
    await database.db.insert(subscriptions).values(
      batch.map((learner) => ({
        userId: learner.userId,
        tier: 'me' as const,
        status: 'active' as const,
        provider: 'seed' as const,
      })),
    );
  }
  return learners;
}

export const bearer = (learner: BenchLearner) => ({ authorization: `Bearer ${learner.token}` });

/** The settings an in-process benchmark app runs with. */
export function benchConfig(dataDir: string): Config {
  return {
    ...loadConfig({ NODE_ENV: 'production', AUTH_SECRET, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    devMailbox: false,
    demoData: false,
    authRateLimitPerMinute: 1_000_000,
    webDistDir: path.join(dataDir, 'no-web'),
  };
}

/** The real server as its own process (so its memory is its own), waiting until it answers. */
export async function startServerProcess({
  database,
  port,
}: {
  database: BenchDatabase;
  port: number;
}): Promise<ChildProcess> {
  const production = productionServer();
  const server = spawn(process.execPath, production.args, {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...production.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      CONTENT_PORT: String(port + 1),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.url ?? '',
      AUTH_SECRET,
      DEMO_DATA: '0',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(database.dataDir, 'no-web'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return untilHealthy(server, port);
}

/** Waits until the server process on `port` answers its health check (killing it if it never does). */
export async function untilHealthy(server: ChildProcess, port: number, timeoutMs = 90_000): Promise<ChildProcess> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return server;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill('SIGKILL');
  throw new Error('server did not become healthy');
}

export async function stopServerProcess(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/** Resident and peak memory of a process, in MB, from /proc. */
export function rssMb(pid: number): { rss: number; peak: number } {
  let status = '';
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return { rss: 0, peak: 0 };
  }
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

/** The value below which `share` (0-1) of the sorted samples fall. */
export function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? 0;
}

/** Cores, Node version and the load average when the run started (other work on the machine skews results). */
export function describeMachine() {
  return `${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg()[0]?.toFixed(1)} at the start`;
}
