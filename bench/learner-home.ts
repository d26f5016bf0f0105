/**
 * Learner home benchmark: one learner with a long history (100,000+ progress, study, learning-time and XP rows),
 * then `GET /api/analytics/home` under autocannon, against a Fastify hello-world answered in the same run.
 * The target is p99 under 50 ms for the home at one connection. Results go into bench/README.md.
 *
 *   npm run bench:home                 (embedded PGlite; PostgreSQL when BENCH_DATABASE_URL is set)
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { writeBenchSection } from './readme.ts';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const HISTORY_ROWS = Number(process.env.BENCH_HISTORY_ROWS ?? 40_000);
const TARGET_P99_MS = 50;

type Run = { label: string; connections: number; p50: number; p99: number; rps: number; errors: number };

async function measure(label: string, url: string, connections: number, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections, duration: DURATION_SECONDS, headers });
  return {
    label,
    connections,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    errors: result.errors + result.non2xx,
  } satisfies Run;
}

async function openBenchDatabase(): Promise<{ database: Database; cleanup: () => Promise<void>; kind: string }> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-home-'));
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    return { database, kind: 'PGlite', cleanup: () => rm(dir, { recursive: true, force: true }) };
  }
  const name = `bench_home_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    database,
    kind: 'PostgreSQL',
    cleanup: async () => {
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

/** Years of history for one learner, written with set-based SQL so seeding takes seconds. */
async function seedHistory(database: Database, userId: string) {
  const run = (statement: string) => database.db.execute(statement);
  const n = HISTORY_ROWS;
  await run(`update profiles set timezone = 'Europe/Berlin' where id = '${userId}'`);
  await run(`insert into courses (id, slug, title, status, published_at)
    select gen_random_uuid(), 'bench-' || i, 'Bench course ' || i, 'published', now() from generate_series(1, 40) i`);
  await run(`insert into course_modules (course_id, position, title) select id, 0, 'Module' from courses`);
  await run(`insert into lessons (module_id, course_id, position, kind, title, content)
    select m.id, m.course_id, i, 'text', 'Lesson ' || i, '{"kind":"text","markdown":"x","html":"<p>x</p>"}'::jsonb
    from course_modules m, generate_series(1, ${Math.ceil(n / 40)}) i`);
  await run(`insert into lesson_progress (user_id, lesson_id, course_id, status, completed_at, last_activity_at, time_spent_seconds)
    select '${userId}', id, course_id, 'completed', now() - (random() * interval '730 days'), now() - (random() * interval '730 days'), 300
    from lessons limit ${n}`);
  await run(`insert into course_progress (user_id, course_id, percent, lessons_completed, lessons_total, last_activity_at, completed_at)
    select '${userId}', id, case when i % 3 = 0 then 100 else 60 end, 10, 20, now() - (i * interval '1 day'),
      case when i % 3 = 0 then now() else null end
    from (select id, row_number() over () i from courses) c`);
  await run(`insert into quiz_attempts (user_id, lesson_id, course_id, score, passed, pass_mark, results, submitted_at)
    select '${userId}', id, course_id, (random() * 100)::int, random() > 0.3, 70, '[]'::jsonb, now() - (random() * interval '730 days')
    from lessons limit ${Math.ceil(n / 5)}`);
  await run(`insert into study_sessions (user_id, mode, started_at, ended_at, active_seconds, focused_seconds, end_reason)
    select '${userId}', 'focus', s, s + interval '25 minutes', 1500, 1500, 'finished'
    from (select now() - (i * interval '37 minutes') - interval '1 hour' s from generate_series(1, ${n}) i) t`);
  await run(`insert into learning_time_hourly (user_id, hour, source, seconds)
    select '${userId}', date_trunc('hour', now()) - (i * interval '1 hour'), 'study', 1500 from generate_series(1, ${n}) i`);
  await run(`insert into learning_time_totals (user_id, seconds)
    select user_id, sum(seconds) from learning_time_hourly where user_id = '${userId}' group by user_id`);
  await run(`insert into user_xp (user_id, kind, event_type, subject_id, idempotency_key, base_xp, xp, local_day, created_at)
    select '${userId}', 'award', 'lesson_completed', 'l' || i, 'bench-' || i, 10, 10,
      (now() - (i * interval '37 minutes'))::date, now() - (i * interval '37 minutes') from generate_series(1, ${n}) i`).catch(
    () => undefined,
  );
  await run('analyze');
}

async function main() {
  const baseline = Fastify();
  baseline.get('/', async () => ({ hello: 'world' }));
  const baselineUrl = await baseline.listen({ port: 0, host: '127.0.0.1' });

  const { database, cleanup, kind } = await openBenchDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-home-files-'));
  const config = {
    ...loadConfig({ NODE_ENV: 'test', AUTH_SECRET: 'bench-secret-bench-secret-bench-secret', DATA_DIR: dataDir }),
    devMailbox: true,
    authRateLimitPerMinute: 100_000,
    webDistDir: '/nonexistent',
  };
  const app = await buildApp({ config, database, logger: false });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });

  const email = `bench-${randomUUID()}@example.com`;
  const password = 'bench-password-123';
  const signUp = await app.inject({ method: 'POST', url: '/api/account/sign-up', payload: { email, password } });
  if (signUp.statusCode !== 201) throw new Error(`sign-up answered ${signUp.statusCode}`);
  const users = await database.db.execute(`select id from users where email = '${email}'`);
  const userId = String((users.rows[0] as { id: string }).id);
  await database.db.execute(`update users set email_verified = true where id = '${userId}'`);
  const signIn = await app.inject({ method: 'POST', url: '/api/account/sign-in', payload: { email, password } });
  const cookie = [signIn.headers['set-cookie']]
    .flat()
    .map((value) => String(value).split(';')[0])
    .join('; ');

  const seedStarted = performance.now();
  await seedHistory(database, userId);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const counts = await database.db.execute(`select
    (select count(*) from lesson_progress) + (select count(*) from quiz_attempts) + (select count(*) from course_progress) as progress,
    (select count(*) from study_sessions) + (select count(*) from learning_time_hourly) as study,
    (select count(*) from user_xp) as xp`);
  const rows = counts.rows[0] as { progress: number; study: number; xp: number };

  const check = await app.inject({ method: 'GET', url: '/api/analytics/home', headers: { cookie } });
  if (check.statusCode !== 200) throw new Error(`home answered ${check.statusCode}: ${check.body}`);

  const homeUrl = `${appUrl}/api/analytics/home`;
  const runs: Run[] = [
    await measure('Fastify hello world (baseline)', baselineUrl, 1),
    await measure('GET /api/analytics/home', homeUrl, 1, { cookie }),
    await measure('Fastify hello world (baseline)', baselineUrl, 10),
    await measure('GET /api/analytics/home', homeUrl, 10, { cookie }),
  ];
  await app.close();
  await baseline.close();
  await database.close();
  await cleanup();
  await rm(dataDir, { recursive: true, force: true });

  const home = runs[1];
  const pass = home !== undefined && home.p99 < TARGET_P99_MS && runs.every((run) => run.errors === 0);
  const table = [
    '| endpoint | connections | p50 ms | p99 ms | requests/s | errors |',
    '|---|---|---|---|---|---|',
    ...runs.map(
      (run) => `| ${run.label} | ${run.connections} | ${run.p50} | ${run.p99} | ${run.rps} | ${run.errors} |`,
    ),
  ].join('\n');
  const section = [
    `Run ${new Date().toISOString()} on ${kind}, ${os.cpus().length} cores, Node ${process.version}, ${DURATION_SECONDS} s per line.`,
    `History of the learner: ${Number(rows.progress).toLocaleString('en')} progress rows, ${Number(rows.study).toLocaleString('en')} study rows, ${Number(rows.xp).toLocaleString('en')} XP rows (seeded in ${seedSeconds.toFixed(1)} s).`,
    '',
    table,
    '',
    `Target: home p99 under ${TARGET_P99_MS} ms at one connection — ${pass ? 'met' : 'NOT met'}.`,
  ].join('\n');
  await writeBenchSection(`Learner home stats (\`npm run bench:api\`), ${kind}`, section);
  console.log(section);
  if (!pass) process.exitCode = 1;
}

await main();
