/**
 * API benchmark: throughput and latency of API endpoints under autocannon, next to a Fastify hello-world measured
 * in the same run on the same machine. Requests rotate over many signed-in learners, as real traffic does.
 * Results go into bench/README.md.
 *
 *   npm run bench:api                          (embedded PGlite; PostgreSQL when BENCH_DATABASE_URL is set)
 *   BENCH_DURATION=5 BENCH_CONNECTIONS=1,10 npm run bench:api
 *
 * To measure another endpoint, add an entry to ENDPOINTS: a path, a method, optionally a body per request and a
 * `prepare` step that seeds what it needs before the run.
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { domainEvents, userXp } from '../apps/server/src/db/schema.ts';
import {
  type BenchLearner,
  bearer,
  benchConfig,
  createBenchDatabase,
  createLearners,
  describeMachine,
} from './bench-kit.ts';
import { writeBenchSection } from './readme.ts';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '1,10').split(',').map(Number);
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 50);

type BenchContext = { database: Database; learners: BenchLearner[] };

export type BenchEndpoint = {
  label: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  /** The body of the n-th request (each request may need a different one). */
  body?: (n: number) => unknown;
  /** Seeds what the endpoint needs, once, before it is measured. */
  prepare?: (context: BenchContext) => Promise<void>;
};

/** Lessons completed ahead of the run, so every award_xp request pays for a new lesson. */
const LESSONS_PER_LEARNER = Number(process.env.BENCH_LESSONS ?? 400);

const ENDPOINTS: BenchEndpoint[] = [
  {
    label: 'GET /api/gamification/stats (get_user_stats)',
    method: 'GET',
    path: '/api/gamification/stats',
  },
  {
    label: 'POST /api/gamification/award (award_xp, a new lesson each time)',
    method: 'POST',
    path: '/api/gamification/award',
    body: (n) => ({ event_type: 'lesson_completed', metadata: { subject_id: `bench-lesson-${n}` } }),
    // The lesson.completed events the progress feature would have recorded, already delivered, so the XP is
    // still to be claimed through award_xp.
    prepare: async ({ database, learners }) => {
      for (const [index, learner] of learners.entries()) {
        const rows = Array.from({ length: LESSONS_PER_LEARNER }, (_, k) => {
          const lessonId = `bench-lesson-${k * learners.length + index}`;
          return {
            type: 'lesson.completed',
            userId: learner.userId,
            subjectId: lessonId,
            payload: { lessonId, moduleId: 'bench-module', courseId: 'bench-course' },
            deliveredAt: new Date(),
          };
        });
        for (let start = 0; start < rows.length; start += 1000) {
          await database.db.insert(domainEvents).values(rows.slice(start, start + 1000));
        }
      }
    },
  },
];

type Run = { label: string; connections: number; p50: number; p99: number; rps: number; errors: number };

/** Requests sent so far across all runs, so a body that must be new each time (a new lesson) never repeats. */
let sent = 0;

async function measure(
  label: string,
  url: string,
  connections: number,
  request?: { method: string; headers: (n: number) => Record<string, string>; body?: (n: number) => unknown },
): Promise<Run> {
  const result = await autocannon({
    url,
    connections,
    duration: DURATION_SECONDS,
    ...(request
      ? {
          requests: [
            {
              method: request.method as 'GET',
              setupRequest: (req) => {
                const index = sent++;
                const body = request.body?.(index);
                return {
                  ...req,
                  headers: {
                    ...req.headers,
                    ...request.headers(index),
                    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
                  },
                  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
                };
              },
            },
          ],
        }
      : {}),
  });
  return {
    label,
    connections,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

async function main() {
  const machine = describeMachine();
  const baseline = Fastify();
  baseline.get('/', async () => ({ hello: 'world' }));
  const baselineUrl = await baseline.listen({ port: 0, host: '127.0.0.1' });

  const benchDatabase = await createBenchDatabase('api');
  const database = await benchDatabase.open();
  const app = await buildApp({ config: benchConfig(benchDatabase.dataDir), database, logger: false });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const learners = await createLearners(database, LEARNERS);
  for (const endpoint of ENDPOINTS) await endpoint.prepare?.({ database, learners });

  const runs: Run[] = [];
  for (const connections of CONNECTIONS) {
    runs.push(await measure('Fastify hello world (baseline)', baselineUrl, connections));
    for (const endpoint of ENDPOINTS) {
      const learnerFor = (n: number) => learners[n % learners.length] as BenchLearner;
      runs.push(
        await measure(endpoint.label, `${appUrl}${endpoint.path}`, connections, {
          method: endpoint.method,
          headers: (n) => bearer(learnerFor(n)),
          ...(endpoint.body ? { body: endpoint.body } : {}),
        }),
      );
    }
  }
  const ledgerRows = await database.db.$count(userXp);
  await app.close();
  await baseline.close();
  await database.close();
  await benchDatabase.cleanup();

  const table = [
    '| endpoint | connections | p50 ms | p99 ms | requests/s | errors |',
    '|---|---|---|---|---|---|',
    ...runs.map(
      (run) => `| ${run.label} | ${run.connections} | ${run.p50} | ${run.p99} | ${run.rps} | ${run.errors} |`,
    ),
  ].join('\n');
  const section = [
    '`bench/api.ts` runs the app in this process on a fresh database and measures each endpoint with autocannon',
    `for ${DURATION_SECONDS} s per line, rotating over ${LEARNERS} signed-in learners (bearer sessions). The Fastify`,
    'hello world answers in the same process, in the same run, as the baseline. award_xp claims a different',
    'completed lesson on every request: a real award (transaction with the learner row locked, streak, daily cap,',
    'ledger row, badges and achievements, realtime push), never the cheap duplicate path. Add endpoints to',
    '`ENDPOINTS` in `bench/api.ts`.',
    '',
    `Run ${new Date().toISOString()} on ${benchDatabase.kind}, ${machine}; ${ledgerRows.toLocaleString('en')} XP ledger rows at the end.`,
    '',
    table,
  ].join('\n');
  await writeBenchSection(`API throughput (\`npm run bench:api\`), ${benchDatabase.kind}`, section);
  console.log(section);
  if (runs.some((run) => run.errors > 0)) process.exitCode = 1;
}

await main();
