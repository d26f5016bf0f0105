/**
 * SCORM ingest benchmark: builds a ~500 MB package, uploads it to a real server process through the same HTTP
 * route the upload page uses, processes it, and compares with `unzip -q` on the same file. The server's RSS is
 * sampled throughout; the run fails if ingesting grows it by 50 MB or more. Results go into bench/README.md.
 *
 *   npm run bench:scorm                      (PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set)
 *   BENCH_SCORM_MB=100 npm run bench:scorm   (a smaller package)
 *   BENCH_SCORM_ROUNDS=5 npm run bench:scorm (more rounds; medians are reported)
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { ZipFile } from 'yazl';
import { productionServer } from './bench-kit.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGET_MB = Number(process.env.BENCH_SCORM_MB ?? 500);
const RSS_GROWTH_CEILING_MB = 50;
const ROUNDS = Number(process.env.BENCH_SCORM_ROUNDS ?? 3);
const PORT = 4820;
const CONTENT_PORT = 4870;
const MEDIA_FILE_BYTES = 2 * 1024 * 1024;
const PAGE_COUNT = 2000;

const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="bench.large" version="1" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Large course</title>
    <item identifier="i1" identifierref="r1"><title>Start</title></item>
  </organization></organizations>
  <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="index.html"/></resources>
</manifest>`;

/** Random bytes in chunks, so neither this process nor yazl ever holds a whole media file. */
function randomStream(bytes: number): Readable {
  let left = bytes;
  return new Readable({
    read() {
      if (left <= 0) {
        this.push(null);
        return;
      }
      const size = Math.min(left, 256 * 1024);
      left -= size;
      this.push(randomBytes(size));
    },
  });
}

/** A package like a real video-heavy course: pages and scripts that deflate, media that does not. */
async function buildPackage(zipPath: string, targetBytes: number) {
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(MANIFEST), 'imsmanifest.xml');
  zip.addBuffer(Buffer.from('<html><body><h1>Large course</h1></body></html>'), 'index.html');
  const lorem = 'Golf is played on a course of holes; each page explains one rule. '.repeat(150);
  for (let n = 0; n < PAGE_COUNT; n += 1) {
    zip.addBuffer(Buffer.from(`<html><body><p>${n}</p><p>${lorem}</p></body></html>`), `pages/page-${n}.html`);
  }
  // Pages take ~15 MB compressed; media fill the rest, staying under the 500 MB upload limit.
  const mediaCount = Math.max(1, Math.floor((targetBytes - 16 * 1024 * 1024) / MEDIA_FILE_BYTES));
  for (let n = 0; n < mediaCount; n += 1) {
    zip.addReadStream(randomStream(MEDIA_FILE_BYTES), `media/clip-${n}.mp4`, {
      compress: false,
      size: MEDIA_FILE_BYTES,
    });
  }
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(zipPath));
  return { entries: PAGE_COUNT + mediaCount + 2 };
}

async function startServer(dataDir: string, databaseUrl: string | undefined) {
  const production = productionServer();
  const server = spawn(process.execPath, production.args, {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...production.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      CONTENT_PORT: String(CONTENT_PORT),
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      AUTH_SECRET: randomBytes(32).toString('hex'),
      DEMO_DATA: '1',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const healthy = await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return server;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill('SIGKILL');
  throw new Error('server did not become healthy');
}

function rssMb(pid: number): { rss: number; peak: number } {
  let status = '';
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return { rss: 0, peak: 0 };
  }
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

/** Streams the file as the raw request body, as the upload page's XMLHttpRequest does. */
function uploadFile(zipPath: string, size: number, cookie: string): Promise<{ id: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        method: 'POST',
        path: `/api/scorm/packages?file_name=bench-${TARGET_MB}mb.zip`,
        // The app's own origin, as the upload page's request carries it (cookie-carrying changes need it).
        headers: {
          cookie,
          origin: `http://127.0.0.1:${PORT}`,
          'content-type': 'application/zip',
          'content-length': size,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode !== 201) reject(new Error(`upload answered ${response.statusCode}: ${body}`));
          else resolve((JSON.parse(body) as { package: { id: string } }).package);
        });
      },
    );
    request.on('error', reject);
    createReadStream(zipPath).pipe(request);
  });
}

async function createDatabase(adminUrl: string) {
  const name = `portal_bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const mbPerSecond = (bytes: number, ms: number) => (bytes / 1024 / 1024 / (ms / 1000)).toFixed(0);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const TICK_MS = 10; // USER_HZ is 100 on Linux

function statFields(pid: number | 'self'): string[] {
  // After "pid (comm) " come the fields from the third on: utime and stime are fields 14 and 15, and the CPU time
  // of reaped children cutime and cstime 16 and 17 (man 5 proc).
  return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
}

/** CPU milliseconds (user + system, every thread) a process has used so far. */
function cpuMs(pid: number): number {
  const fields = statFields(pid);
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** CPU milliseconds used by this process's finished children (here: `unzip`). */
function childrenCpuMs(): number {
  const fields = statFields('self');
  return (Number(fields[13]) + Number(fields[14])) * TICK_MS;
}

/** `unzip -q` of the package into a fresh folder: wall time and the CPU time of the unzip process. */
async function timeUnzip(zipPath: string, work: string) {
  const target = path.join(work, 'unzipped');
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  await promisify(execFile)('unzip', ['-q', zipPath, '-d', target]);
  const wallMs = performance.now() - started;
  const cpu = childrenCpuMs() - cpuBefore;
  await rm(target, { recursive: true, force: true });
  return { wallMs, cpuMs: cpu };
}

async function signIn() {
  const response = await fetch(`http://127.0.0.1:${PORT}/api/account/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'instructor@example.com', password: 'demo-password-123' }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** One upload + process of the package through the HTTP API, then its removal (to keep the disk from filling). */
async function ingestOnce(zipPath: string, zipBytes: number, cookie: string, pid: number, onPhase: (p: Phase) => void) {
  const headers = { cookie, origin: `http://127.0.0.1:${PORT}` };
  onPhase('upload');
  let started = performance.now();
  const uploaded = await uploadFile(zipPath, zipBytes, cookie);
  const uploadMs = performance.now() - started;
  onPhase('process');
  const cpuBefore = cpuMs(pid);
  started = performance.now();
  const processed = await fetch(`http://127.0.0.1:${PORT}/api/scorm/packages/${uploaded.id}/process`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: '{}',
  }).then((response) => response.json() as Promise<{ package: { status: string; failure_message: string | null } }>);
  const processMs = performance.now() - started;
  const processCpuMs = cpuMs(pid) - cpuBefore;
  onPhase('idle');
  if (processed.package.status !== 'ready')
    throw new Error(`package ${processed.package.status}: ${processed.package.failure_message}`);
  const removed = await fetch(`http://127.0.0.1:${PORT}/api/scorm/packages/${uploaded.id}`, {
    method: 'DELETE',
    headers,
  });
  if (!removed.ok) throw new Error(`delete answered ${removed.status}`);
  return { uploadMs, processMs, processCpuMs };
}

type Phase = 'upload' | 'process' | 'idle';

async function main() {
  const work = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-scorm-'));
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const database = adminUrl ? await createDatabase(adminUrl) : null;
  let server: ChildProcess | null = null;
  let sampler: NodeJS.Timeout | undefined;
  try {
    const zipPath = path.join(work, 'package.zip');
    const started = performance.now();
    const { entries } = await buildPackage(zipPath, TARGET_MB * 1024 * 1024);
    const zipBytes = (await stat(zipPath)).size;
    console.log(
      `built ${(zipBytes / 1048576).toFixed(0)} MB, ${entries} entries in ${seconds(performance.now() - started)} s`,
    );

    server = await startServer(path.join(work, 'data'), database?.url);
    const pid = server.pid as number;
    const cookie = await signIn();

    const baseline = rssMb(pid).rss;
    const peaks = { upload: baseline, process: baseline, idle: baseline };
    let phase: Phase = 'idle';
    const sample = () => {
      peaks[phase] = Math.max(peaks[phase], rssMb(pid).rss);
    };
    sampler = setInterval(sample, 20);
    const onPhase = (next: Phase) => {
      sample();
      phase = next;
    };

    // Rounds alternate unzip and ingest, so both meet the same load on a shared machine; medians are reported.
    const runs: Array<{ unzip: { wallMs: number; cpuMs: number }; ingest: Awaited<ReturnType<typeof ingestOnce>> }> =
      [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const unzip = await timeUnzip(zipPath, work);
      const ingest = await ingestOnce(zipPath, zipBytes, cookie, pid, onPhase);
      runs.push({ unzip, ingest });
      console.log(
        `round ${round + 1}: unzip ${seconds(unzip.wallMs)} s, upload ${seconds(ingest.uploadMs)} s, process ${seconds(ingest.processMs)} s`,
      );
    }
    clearInterval(sampler);
    sample();

    const uploadMs = median(runs.map((run) => run.ingest.uploadMs));
    const processMs = median(runs.map((run) => run.ingest.processMs));
    const totalMs = median(runs.map((run) => run.ingest.uploadMs + run.ingest.processMs));
    const unzipMs = median(runs.map((run) => run.unzip.wallMs));
    const processCpu = median(runs.map((run) => run.ingest.processCpuMs));
    const unzipCpu = median(runs.map((run) => run.unzip.cpuMs));
    const growth = Math.max(peaks.upload, peaks.process) - baseline;
    const result = {
      date: new Date().toISOString().slice(0, 10),
      database: database ? 'PostgreSQL' : 'PGlite (embedded)',
      zipMb: (zipBytes / 1048576).toFixed(0),
      entries,
      rounds: ROUNDS,
      upload: `${seconds(uploadMs)} s (${mbPerSecond(zipBytes, uploadMs)} MB/s)`,
      process: `${seconds(processMs)} s (${mbPerSecond(zipBytes, processMs)} MB/s)`,
      total: `${seconds(totalMs)} s (${mbPerSecond(zipBytes, totalMs)} MB/s)`,
      unzip: `${seconds(unzipMs)} s (${mbPerSecond(zipBytes, unzipMs)} MB/s)`,
      vsUnzip: `${(processMs / unzipMs).toFixed(2)}x process, ${(totalMs / unzipMs).toFixed(2)}x upload + process`,
      cpu: `server ${seconds(processCpu)} s processing, \`unzip\` ${seconds(unzipCpu)} s`,
      rss: `${baseline.toFixed(0)} MB before; peak ${peaks.upload.toFixed(0)} MB uploading, ${peaks.process.toFixed(0)} MB processing (+${growth.toFixed(0)} MB)`,
    };
    console.table(result);
    recordResult(result);
    if (growth >= RSS_GROWTH_CEILING_MB) {
      console.error(
        `the server's RSS grew by ${growth.toFixed(0)} MB while ingesting; the ceiling is ${RSS_GROWTH_CEILING_MB} MB`,
      );
      process.exitCode = 1;
    }
  } finally {
    clearInterval(sampler);
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server?.once('exit', resolve));
    }
    await database?.drop();
    await rm(work, { recursive: true, force: true });
  }
}

/** Replaces the results table in bench/README.md's SCORM section with this run's numbers. */
function recordResult(result: Record<string, string | number>) {
  const readme = path.join(REPO_ROOT, 'bench', 'README.md');
  const text = readFileSync(readme, 'utf8');
  const rows = [
    '| measured | value |',
    '|---|---|',
    `| date | ${result.date} |`,
    `| database | ${result.database} |`,
    `| package | ${result.zipMb} MB ZIP, ${result.entries} entries |`,
    `| rounds (medians below) | ${result.rounds} |`,
    `| upload (streamed into the blob store) | ${result.upload} |`,
    `| process (extract, check, parse, record) | ${result.process} |`,
    `| upload + process | ${result.total} |`,
    `| \`unzip -q\`, same file, same rounds | ${result.unzip} |`,
    `| against \`unzip -q\` (wall time) | ${result.vsUnzip} |`,
    `| CPU time (user + system) | ${result.cpu} |`,
    `| server RSS | ${result.rss} |`,
  ].join('\n');
  const start = '<!-- bench:scorm:start -->';
  const end = '<!-- bench:scorm:end -->';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < 0) return;
  writeFileSync(readme, `${text.slice(0, from + start.length)}\n${rows}\n${text.slice(to)}`);
}

await main();
