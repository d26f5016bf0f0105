/**
 * Admin users benchmark: 100,000 accounts with roles, plans, beta access, sessions and activity, then the admin
 * users list (first page, a later keyset page, filters, sorts) and its search under autocannon, beside the same
 * server's `/api/health` answered in the same run. The server runs as `npm start` runs it, as its own process.
 * Target: p99 under 50 ms for every list and search request at one connection, on PostgreSQL.
 *
 *   BENCH_DATABASE_URL=postgres://... npm run bench:admin-users     (embedded PGlite without it)
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { userRoles } from '../apps/server/src/db/schema.ts';
import {
  bearer,
  createBenchDatabase,
  createLearners,
  describeMachine,
  startServerProcess,
  stopServerProcess,
} from './bench-kit.ts';
import { writeBenchSection } from './readme.ts';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 8);
const TARGET_P99_MS = 50;
const PORT = 4700 + Math.floor(Math.random() * 200);

type Run = { label: string; connections: number; p50: number; p99: number; rps: number; errors: number };

async function measure(label: string, url: string, connections: number, headers: Record<string, string>) {
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

/** Accounts that look like a real school's: names, three mail domains, phones for a quarter, years of sign-ups. */
const SEED = [
  `insert into users (id, name, email, email_verified, phone_number, created_at, updated_at)
   select 'bench-user-' || i,
     (array['Anna','Ben','Chen','Dana','Emil','Fatima','Georg','Hana','Ivan','Julia'])[1 + i % 10] || ' ' ||
       (array['Schmidt','Li','Garcia','Müller','Wang','Smith','Kim','Rossi'])[1 + (i / 10) % 8] || ' ' || i,
     'learner' || i || '@' || (array['example.com','school.edu','corp.example'])[1 + i % 3],
     true,
     case when i % 4 = 0 then '+4915' || lpad(i::text, 9, '0') end,
     now() - (i % 1500) * interval '1 day' - i * interval '1 second', now()
   from generate_series(1, ${USERS}) i`,
  `insert into profiles (id, email_notifications, app_reminders, calendar_sync, beta_access)
   select id, '{"new_courses":true,"weekly_summary":true,"ai_prompts":false}'::jsonb,
     '{"study_streak":true,"module_nudges":true}'::jsonb, '{"google":false,"outlook":false}'::jsonb,
     substring(id from 12)::int % 50 = 0
   from users where id like 'bench-user-%'`,
  `insert into user_roles (user_id, role)
   select id, case when substring(id from 12)::int % 5000 = 0 then 'admin' else 'instructor' end
   from users where id like 'bench-user-%' and substring(id from 12)::int % 100 = 0`,
  `insert into subscriptions (user_id, tier, status, provider)
   select id, (array['calm','me','us','universal'])[substring(id from 12)::int % 5], 'active', 'seed'
   from users where id like 'bench-user-%' and substring(id from 12)::int % 5 <> 0`,
  `update account_states set
     last_active_at = now() - (hashtext(user_id) & 2047) * interval '1 hour',
     suspended_at = case when hashtext(user_id) % 200 = 0 then now() end
   where user_id like 'bench-user-%'`,
  `insert into sessions (id, token, user_id, expires_at, created_at, updated_at)
   select 'bench-session-' || id, 'bench-token-' || id, id, now() + interval '7 days',
     now() - interval '2 days', now() - interval '1 hour'
   from users where id like 'bench-user-%' and substring(id from 12)::int % 10 = 0`,
  'analyze',
];

async function main() {
  const benchDatabase = await createBenchDatabase('admin-users');
  const database = await benchDatabase.open();
  const seedStarted = performance.now();
  for (const statement of SEED) await database.db.execute(statement);
  const [admin] = await createLearners(database, 1, 'bench-admin');
  if (!admin) throw new Error('no admin');
  await database.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const counted = await database.db.execute(
    'select (select count(*) from users) as users, (select count(*) from sessions) as sessions',
  );
  const counts = counted.rows[0] as { users: number; sessions: number };
  await database.close();

  const server = await startServerProcess({ database: benchDatabase, port: PORT });
  const base = `http://127.0.0.1:${PORT}`;
  const headers = bearer(admin);
  try {
    const first = await fetch(`${base}/api/admin/users?limit=50`, { headers });
    if (!first.ok) throw new Error(`the users list answered ${first.status}: ${await first.text()}`);
    const { next_cursor: cursor } = (await first.json()) as { next_cursor: string | null };
    if (!cursor) throw new Error('the first page has no next page');
    const requests: [string, string][] = [
      ['GET /api/health (baseline)', '/api/health'],
      ['list, newest first', '/api/admin/users'],
      ['list, second page (keyset cursor)', `/api/admin/users?cursor=${encodeURIComponent(cursor)}`],
      ['list, sorted by last active', '/api/admin/users?sort=last_active'],
      ['list, sorted by name A-Z', '/api/admin/users?sort=name&order=asc'],
      ['filter: us plan, active, beta', '/api/admin/users?tier=us&status=active&beta=yes'],
      ['filter: instructors inactive 30 days', '/api/admin/users?role=instructor&inactiveDays=30'],
      ['filter: suspended', '/api/admin/users?status=suspended'],
      ['search: part of an email', '/api/admin/users?q=learner4242'],
      ['search: surname', '/api/admin/users?q=rossi'],
      ['search: phone digits', '/api/admin/users?q=0004200'],
    ];
    const runs: Run[] = [];
    for (const connections of [1, 10]) {
      for (const [label, path] of requests) runs.push(await measure(label, `${base}${path}`, connections, headers));
    }
    const listRuns = runs.filter((run) => run.connections === 1 && !run.label.startsWith('GET /api/health'));
    const pass = listRuns.every((run) => run.p99 < TARGET_P99_MS) && runs.every((run) => run.errors === 0);
    const table = [
      '| request | connections | p50 ms | p99 ms | requests/s | errors |',
      '|---|---|---|---|---|---|',
      ...runs.map(
        (run) => `| ${run.label} | ${run.connections} | ${run.p50} | ${run.p99} | ${run.rps} | ${run.errors} |`,
      ),
    ].join('\n');
    const section = [
      `Run ${new Date().toISOString()} on ${benchDatabase.kind}, ${describeMachine()}, ${DURATION_SECONDS} s per line.`,
      `${Number(counts.users).toLocaleString('en')} accounts and ${Number(counts.sessions).toLocaleString('en')} sessions (seeded in ${seedSeconds.toFixed(1)} s); pages of 50.`,
      '',
      table,
      '',
      `Target: every list and search request p99 under ${TARGET_P99_MS} ms at one connection — ${pass ? 'met' : 'NOT met'}.`,
    ].join('\n');
    await writeBenchSection(`Admin users list (\`npm run bench:admin-users\`), ${benchDatabase.kind}`, section);
    console.log(section);
    if (!pass) process.exitCode = 1;
  } finally {
    await stopServerProcess(server);
    await benchDatabase.cleanup();
  }
}

console.log(`admin users benchmark: ${USERS.toLocaleString('en')} accounts, ${os.cpus().length} cores`);
await main();
