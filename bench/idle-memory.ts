/**
 * Idle memory of the embedded default: builds the production server and starts it as `npm start` does with no
 * DATABASE_URL (so the database is PGlite inside the process, with demo data), waits until it answers and then
 * 10 s more, and reads its RSS from /proc. Twice: the first start on an empty data folder (the database is created,
 * migrated and seeded) and a restart on the same folder. The row goes into bench/README.md under its label.
 *
 *   npm run bench:idle                                  (row "current")
 *   BENCH_IDLE_LABEL="before" npm run bench:idle        (another row, e.g. for a comparison)
 *   BENCH_NODE_FLAGS="--liftoff-only" npm run bench:idle (extra Node flags for the server, to try one)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { productionServer, REPO_ROOT, rssMb, stopServerProcess, untilHealthy } from './bench-kit.ts';

const PORT = 4840;
const IDLE_MS = 10_000;
const LABEL = process.env.BENCH_IDLE_LABEL ?? 'current';
const EXTRA_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);

type Reading = { readyS: number; rss: number; peak: number; anon: number };

function anonymousMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/RssAnon:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

async function idleReading(production: ReturnType<typeof productionServer>, dataDir: string): Promise<Reading> {
  const [flagsBefore, ...rest] = [production.args.slice(0, -1), production.args.at(-1) as string];
  const started = performance.now();
  const server: ChildProcess = spawn(process.execPath, [...flagsBefore, ...EXTRA_FLAGS, ...rest], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...production.env,
      HOST: '127.0.0.1',
      PORT: String(PORT),
      CONTENT_PORT: String(PORT + 1),
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await untilHealthy(server, PORT, 180_000);
    const readyS = (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const pid = server.pid as number;
    return { readyS, ...rssMb(pid), anon: anonymousMb(pid) };
  } finally {
    await stopServerProcess(server);
  }
}

const describe = (reading: Reading) =>
  `${reading.rss.toFixed(0)} MB (peak ${reading.peak.toFixed(0)} MB, ready in ${reading.readyS.toFixed(0)} s)`;

/** Replaces (or adds) this label's row in the table of bench/README.md's idle-memory section. */
function recordRow(first: Reading, restart: Reading) {
  const readme = path.join(REPO_ROOT, 'bench', 'README.md');
  const text = readFileSync(readme, 'utf8');
  const start = '<!-- bench:idle:start -->';
  const end = '<!-- bench:idle:end -->';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < 0) return;
  const header = ['| run | date | first start (new database) | restart (existing database) |', '|---|---|---|---|'];
  const rows = text
    .slice(from + start.length, to)
    .split('\n')
    .filter((line) => line.startsWith('| ') && !header.includes(line) && !line.startsWith(`| ${LABEL} |`));
  const flags = EXTRA_FLAGS.length > 0 ? ` (${EXTRA_FLAGS.join(' ')})` : '';
  const date = new Date().toISOString().slice(0, 10);
  rows.push(`| ${LABEL}${flags} | ${date} | ${describe(first)} | ${describe(restart)} |`);
  writeFileSync(readme, `${text.slice(0, from + start.length)}\n${[...header, ...rows].join('\n')}\n${text.slice(to)}`);
}

async function main() {
  const production = productionServer();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-idle-'));
  try {
    const first = await idleReading(production, dataDir);
    console.log(`first start: ${describe(first)}, anonymous ${first.anon.toFixed(0)} MB`);
    const restart = await idleReading(production, dataDir);
    console.log(`restart:     ${describe(restart)}, anonymous ${restart.anon.toFixed(0)} MB`);
    recordRow(first, restart);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
