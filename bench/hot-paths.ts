/**
 * Hot paths benchmark: every authenticated route a learner hits over and over, against the server's own
 * `/api/health` measured in the same run. The database holds 10,000 learners; the learners the requests rotate over
 * have a history (progress, study time, XP ledger, SCORM attempts), one of them 100,000 rows of each; every other
 * learner has a little XP, an XP account, streaks, a badge and achievements. Every path
 * must reach a quarter of `/api/health` requests/s at 10 connections with p99 under 25 ms. Results go into
 * bench/README.md.
 *
 * The measured server is the production bundle run as `npm start` runs it, in a process of its own: a load generator
 * on the server's own thread would slow the cheap baseline far more than the paths measured against it. Seeding and
 * statement counting use an app in this process on the same database. Each measurement is sent for BENCH_WARMUP
 * seconds (3) before it counts, as a running server has its code compiled and its learners' reads kept. The machine is
 * shared and its load drifts within minutes, so each path is measured in BENCH_ROUNDS rounds (3), each round measuring
 * `/api/health` right before the path; a path's share is the median of its rounds' shares.
 * BENCH_SERVER_CPU_PROF=<dir> writes a CPU profile of the measured server there.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:hot
 *   BENCH_DURATION=5 BENCH_CONNECTIONS=10 BENCH_COUNT_QUERIES=1 npm run bench:hot
 *
 * BENCH_COUNT_QUERIES=1 counts the SQL statements each path sends per request (after warm-up); BENCH_TRACE_QUERIES=1
 * prints them (their first BENCH_TRACE_CHARS characters, 160); BENCH_CONNECTIONS=none counts without measuring (and
 * leaves the README alone). BENCH_ONLY=progress measures only the paths whose label contains it, or any of several
 * words separated by commas (for profiling; the README is left alone).
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { insertReadyScormPackage } from '../apps/server/src/modules/scorm/scorm.testing.ts';
import {
  type BenchDatabase,
  type BenchLearner,
  bearer,
  benchConfig,
  createBenchDatabase,
  createLearners,
  describeMachine,
  startServerProcess,
  stopServerProcess,
} from './bench-kit.ts';
import { seed } from './hot-paths-seed.ts';
import { writeBenchSection } from './readme.ts';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
/** Seconds each measurement is sent before it counts: a running server has its code warm and its learners' reads kept. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '1,10').split(',').map(Number).filter(Boolean);
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 10_000);
/** The signed-in learners the requests rotate over (each with a history). */
const ACTIVE = Number(process.env.BENCH_ACTIVE ?? 200);
/** Rows of each kind of history of the first active learner; the others have a tenth of a percent of it. */
const HISTORY_ROWS = Number(process.env.BENCH_HISTORY_ROWS ?? 100_000);
/** Completed lessons whose XP is still to be claimed, per active learner, so every award is a real one. */
const CLAIMABLE = Number(process.env.BENCH_CLAIMABLE ?? 400);
const TARGET_SHARE = 0.25;
const TARGET_P99_MS = 25;
/** The port of the measured server process (its content origin takes the next one). */
const PORT = 4970;

/**
 * Rounds of each line: a round measures `/api/health` and then the path, back to back, and the line reports the
 * medians of its rounds (the share being the median of the rounds' own shares).
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

type Run = { label: string; connections: number; p50: number; p99: number; rps: number; errors: number };
/** One round of a line: the baseline measured right before the path. */
type Paired = { baseline: Run; run: Run };
/** A line's medians over its rounds, with each round's share of its own baseline. */
type PairedRun = Run & { baselineRps: number; share: number; shares: number[] };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** The medians of a line's rounds; errors are summed, since one failed request in any round fails the line. */
function medianOfRounds(rounds: Paired[]): PairedRun {
  const runs = rounds.map((round) => round.run);
  const shares = rounds.map(({ baseline, run }) => run.rps / Math.max(1, baseline.rps));
  const first = runs[0] as Run;
  return {
    label: first.label,
    connections: first.connections,
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    rps: Math.round(median(runs.map((run) => run.rps))),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    baselineRps: Math.round(median(rounds.map((round) => round.baseline.rps))),
    share: median(shares),
    shares,
  };
}
type Path = {
  label: string;
  method: 'GET' | 'POST';
  /** The URL and body of the n-th request, sent as active learner n % ACTIVE. */
  url: (n: number, learner: number) => string;
  body?: (n: number, learner: number) => unknown;
};

/** The next number of a learner's own sequence (0, 1, 2, …). */
function nextOf(counters: Map<number, number>, learner: number) {
  const next = counters.get(learner) ?? 0;
  counters.set(learner, next + 1);
  return next;
}

/** Requests sent so far across all runs: bodies that must be new each time (a lesson, a commit number) never repeat. */
let sent = 0;

async function measure(base: string, path: Path | null, connections: number, active: BenchLearner[]): Promise<Run> {
  const result = await autocannon({
    url: base,
    connections,
    duration: DURATION_SECONDS,
    ...(WARMUP_SECONDS > 0 ? { warmup: { connections, duration: WARMUP_SECONDS } } : {}),
    requests: [
      {
        method: path?.method ?? 'GET',
        setupRequest: (request) => {
          if (!path) return { ...request, path: '/api/health' };
          const n = sent++;
          const index = n % active.length;
          const body = path.body?.(n, index);
          return {
            ...request,
            path: path.url(n, index),
            headers: {
              ...request.headers,
              ...bearer(active[index] as BenchLearner),
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          };
        },
      },
    ],
  });
  return {
    label: path?.label ?? 'GET /api/health (baseline)',
    connections,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

async function main() {
  const machine = describeMachine();
  if (!process.env.BENCH_DATABASE_URL) throw new Error('Set BENCH_DATABASE_URL: this benchmark measures PostgreSQL.');
  const benchDatabase = await createBenchDatabase('hot');
  try {
    await run(benchDatabase, machine);
  } finally {
    await benchDatabase.cleanup();
  }
}

async function run(benchDatabase: BenchDatabase, machine: string) {
  const database = await benchDatabase.open();
  const app = await buildApp({ config: benchConfig(benchDatabase.dataDir), database, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  const seedStarted = performance.now();
  const learners = await createLearners(database, LEARNERS, 'hot');
  const active = learners.slice(0, ACTIVE);
  const scorm = await insertReadyScormPackage(database.db);
  const client = new pg.Client({ connectionString: benchDatabase.url });
  await client.connect();
  await seed(client, active, scorm, { historyRows: HISTORY_ROWS, claimable: CLAIMABLE });
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const lessonRows = await client.query<{ id: string }>(
    `select l.id from lessons l join courses c on c.id = l.course_id where c.slug = 'bench-41' order by l.position`,
  );
  const lessons = lessonRows.rows.map((row) => row.id);
  // Each active learner's open SCORM attempt, started the way the player starts it.
  const enrollments = await client.query<{ id: string; learner_id: string }>(
    'select id, learner_id from scorm_enrollments where package_id = $1',
    [scorm.packageId],
  );
  const enrollmentOf = new Map(enrollments.rows.map((row) => [row.learner_id, row.id]));
  const attempts: string[] = [];
  for (const learner of active) {
    const started = await app.inject({
      method: 'POST',
      url: `/api/scorm/launch/${enrollmentOf.get(learner.userId)}/scos/${scorm.scoId}/attempt`,
      headers: bearer(learner),
    });
    if (started.statusCode !== 200) throw new Error(`attempt start answered ${started.statusCode}: ${started.body}`);
    attempts.push(started.json<{ attempt_id: string }>().attempt_id);
  }
  const counts = await client.query<{ progress: string; study: string; xp: string; scorm: string; users: string }>(
    `select (select count(*) from lesson_progress) + (select count(*) from course_progress) as progress,
      (select count(*) from study_sessions) + (select count(*) from learning_time_hourly) as study,
      (select count(*) from user_xp) as xp, (select count(*) from scorm_attempts) as scorm,
      (select count(*) from users) as users`,
  );

  // Per learner: lessons whose XP they claimed, lessons they reported on (each request takes the next one).
  const claimed = new Map<number, number>();
  const reported = new Map<number, number>();
  const allPaths: Path[] = [
    { label: 'GET /api/me', method: 'GET', url: () => '/api/me' },
    { label: 'GET /api/analytics/home', method: 'GET', url: () => '/api/analytics/home' },
    { label: 'GET /api/gamification/stats', method: 'GET', url: () => '/api/gamification/stats' },
    {
      label: 'POST /api/lessons/:id/progress (text lesson)',
      method: 'POST',
      url: (_n, learner) => `/api/lessons/${lessons[nextOf(reported, learner) % lessons.length]}/progress`,
      body: () => ({ kind: 'text' }),
    },
    {
      label: 'POST /api/gamification/award (a new lesson each time)',
      method: 'POST',
      url: () => '/api/gamification/award',
      body: (_n, learner) => ({
        event_type: 'lesson_completed',
        metadata: { subject_id: `bench-lesson-${(nextOf(claimed, learner) % CLAIMABLE) * ACTIVE + learner}` },
      }),
    },
    {
      label: 'POST /api/scorm/attempts/:id/commit',
      method: 'POST',
      url: (_n, learner) => `/api/scorm/attempts/${attempts[learner]}/commit`,
      body: (n) => ({
        sco_id: scorm.scoId,
        sequence: n + 1,
        cmi: { core: { lesson_status: 'incomplete', lesson_location: `page-${n}`, session_time: '00:00:10' } },
      }),
    },
  ];
  // BENCH_ONLY=progress,award measures the paths whose label contains any of the words.
  const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
  const paths = only ? allPaths.filter((path) => only.some((word) => path.label.includes(word))) : allPaths;

  // Every path answers 200 before it is measured (a failing path would measure its error page).
  for (const path of paths) {
    const n = sent++;
    const body = path.body?.(n, 0);
    const response = await app.inject({
      method: path.method,
      url: path.url(n, 0),
      headers: bearer(active[0] as BenchLearner),
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    if (response.statusCode !== 200) throw new Error(`${path.label} answered ${response.statusCode}: ${response.body}`);
  }

  // Signed-in learners of a running server have their sessions resolved already: one visit each before counting.
  for (const learner of active) await app.inject({ method: 'GET', url: '/api/me', headers: bearer(learner) });
  const queryCounts = process.env.BENCH_COUNT_QUERIES ? await countQueries(base, paths, active) : null;
  // The seeding app is closed before measuring: its realtime listener would be a second instance receiving every
  // notice of the measured server, and its job polling would run beside it.
  await app.close();
  await database.close();

  // The measured server is `npm start`'s own process, so the load generator never shares its thread.
  const server = CONNECTIONS.length > 0 ? await startServerProcess({ database: benchDatabase, port: PORT }) : null;
  const served = `http://127.0.0.1:${PORT}`;
  const runs: PairedRun[] = [];
  try {
    // Its signed-in learners have their sessions resolved already, as on a running server: one visit each.
    if (server) for (const learner of active) await fetch(`${served}/api/me`, { headers: bearer(learner) });
    for (const connections of CONNECTIONS) {
      for (const path of paths) {
        // Each round measures the baseline right before the path, so both meet the same load on a shared machine.
        const rounds: Paired[] = [];
        for (let round = 0; round < ROUNDS; round += 1) {
          const baseline = await measure(served, null, connections, active);
          rounds.push({ baseline, run: await measure(served, path, connections, active) });
        }
        runs.push(medianOfRounds(rounds));
      }
    }
  } finally {
    if (server) await stopServerProcess(server);
  }
  await client.end();

  const verdict = (run: PairedRun) => {
    if (run.connections !== 10) return '';
    return run.share >= TARGET_SHARE && run.p99 < TARGET_P99_MS && run.errors === 0 ? 'PASS' : 'FAIL';
  };
  const table = [
    '| path | connections | p50 ms | p99 ms | requests/s | `/api/health` requests/s, paired | errors | share of /api/health | 10 connections: ≥25%, p99 < 25 ms |',
    '|---|---|---|---|---|---|---|---|---|',
    ...runs.map(
      (run) =>
        `| ${run.label} | ${run.connections} | ${run.p50} | ${run.p99} | ${run.rps} | ${run.baselineRps} | ${run.errors} | ${(run.share * 100).toFixed(1)}% (${run.shares.map((share) => (share * 100).toFixed(1)).join(', ')}) | ${verdict(run)} |`,
    ),
  ].join('\n');
  const number = (value: string) => Number(value).toLocaleString('en');
  const row = counts.rows[0];
  const section = [
    `Run ${new Date().toISOString()} on ${benchDatabase.kind}, ${machine}, load average ${os.loadavg()[0]?.toFixed(1)} at the end; ${DURATION_SECONDS} s per measurement, ${ROUNDS} rounds per line.`,
    `Database: ${number(row?.users ?? '0')} users; requests rotate over ${ACTIVE} signed-in learners (bearer sessions), the first with ${HISTORY_ROWS.toLocaleString('en')} rows of each kind of history; ${number(row?.progress ?? '0')} progress rows, ${number(row?.study ?? '0')} study-time rows, ${number(row?.xp ?? '0')} XP ledger rows, ${number(row?.scorm ?? '0')} SCORM attempts (seeded in ${seedSeconds.toFixed(1)} s).`,
    '',
    table,
    ...(queryCounts ? ['', 'SQL statements per request (after warm-up):', '', queryCounts] : []),
  ].join('\n');
  // A run that measured nothing (BENCH_CONNECTIONS=none, counting statements only) or only some paths leaves the
  // README alone.
  if (runs.length > 0 && !only) {
    await writeBenchSection('Hot paths (`npm run bench:hot`), PostgreSQL', await withMarkers(section));
  }
  console.log(section);
  if (runs.some((run) => run.errors > 0)) process.exitCode = 1;
}

const END_MARKER = '<!-- bench:hot:end -->';

/** The generated part of the section sits between markers; the notes written below them are kept by a new run. */
async function withMarkers(generated: string) {
  const current = await readFile(new URL('./README.md', import.meta.url), 'utf8').catch(() => '');
  const end = current.indexOf(END_MARKER);
  const next = end === -1 ? -1 : current.indexOf('\n## ', end);
  const notes = end === -1 ? '' : current.slice(end + END_MARKER.length, next === -1 ? undefined : next).trim();
  return `<!-- bench:hot:start -->\n${generated}\n${END_MARKER}${notes ? `\n\n${notes}` : ''}`;
}

/**
 * Sends three requests per path for each of a few learners and counts the statements (round trips, BEGIN and COMMIT
 * included) the third one runs: the first two warm what a real learner's earlier requests would have warmed (a SCORM
 * attempt's first commit is never a quiet one).
 */
async function countQueries(base: string, paths: Path[], active: BenchLearner[]) {
  let statements = 0;
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
    statements += 1;
    if (process.env.BENCH_TRACE_QUERIES) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
      console.log(
        `  sql: ${String(text)
          .replace(/\s+/g, ' ')
          .slice(0, Number(process.env.BENCH_TRACE_CHARS ?? 160))}`,
      );
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  const lines = ['| path | statements per request |', '|---|---|'];
  try {
    for (const path of paths) {
      let counted = 0;
      const tries = 5;
      const perLearner = 3;
      for (let k = 1; k <= tries * perLearner; k += 1) {
        const n = sent++;
        const index = Math.ceil(k / perLearner) % active.length;
        const body = path.body?.(n, index);
        const before = statements;
        await fetch(`${base}${path.url(n, index)}`, {
          method: path.method,
          headers: {
            ...bearer(active[index] as BenchLearner),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        if (k % perLearner === 0) counted += statements - before;
        if (process.env.BENCH_TRACE_QUERIES) console.log(`-- ${path.label} #${k}: ${statements - before}`);
      }
      lines.push(`| ${path.label} | ${(counted / tries).toFixed(1)} |`);
    }
  } finally {
    pg.Client.prototype.query = original;
  }
  return lines.join('\n');
}

await main();
