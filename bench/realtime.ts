/**
 * Realtime benchmark: 2,000 signed-in learners each hold a WebSocket to one server process; every learner is then
 * awarded XP (award_xp, today's login) and we time how long until their socket receives the `table_change` push.
 * Reports the delivery latency p50/p99 and the server's RSS. Results go into bench/README.md.
 *
 *   npm run bench:realtime                       (embedded PGlite; PostgreSQL when BENCH_DATABASE_URL is set)
 *   BENCH_CLIENTS=500 BENCH_AWARD_CONCURRENCY=16 npm run bench:realtime
 */
import type { ServerMessage } from '@portal/shared/realtime';
import { WebSocket } from 'ws';
import {
  type BenchLearner,
  bearer,
  createBenchDatabase,
  createLearners,
  describeMachine,
  percentile,
  rssMb,
  startServerProcess,
  stopServerProcess,
} from './bench-kit.ts';
import { writeBenchSection } from './readme.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2000);
/** Awards in flight at once, like many learners finishing something in the same moment. */
const AWARD_CONCURRENCY = Number(process.env.BENCH_AWARD_CONCURRENCY ?? 32);
const CONNECT_CONCURRENCY = 100;
/** Learners awarded one at a time first: the latency of a single award and its push, without queueing. */
const ONE_BY_ONE = Number(process.env.BENCH_ONE_BY_ONE ?? 100);
const PORT = 4960;
const PUSH_TIMEOUT_MS = 30_000;

type Tab = { learner: BenchLearner; socket: WebSocket; waitFor: (table: string) => Promise<number> };

/** Opens a learner's socket and resolves once the server says the channel is ready. */
function openTab(learner: BenchLearner): Promise<Tab> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${PORT}/api/realtime`, { headers: bearer(learner) });
    const waiting = new Map<string, (at: number) => void>();
    let ready = false;
    socket.on('message', (raw) => {
      const at = performance.now();
      const message = JSON.parse(String(raw)) as ServerMessage;
      if (message.type === 'ready' && !ready) {
        ready = true;
        resolve({
          learner,
          socket,
          waitFor: (table) =>
            new Promise((done, fail) => {
              const timer = setTimeout(() => fail(new Error(`no ${table} push`)), PUSH_TIMEOUT_MS);
              waiting.set(table, (time) => {
                clearTimeout(timer);
                done(time);
              });
            }),
        });
      }
      if (message.type === 'table_change') {
        waiting.get(message.table)?.(at);
        waiting.delete(message.table);
      }
    });
    socket.on('error', reject);
    socket.on('close', (code) => {
      if (!ready) reject(new Error(`socket closed before ready (${code})`));
    });
  });
}

/** Runs `work` over `items` with at most `limit` at once. */
async function inPool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index] as T);
      }
    }),
  );
  return results;
}

const round = (value: number) => Math.round(value * 10) / 10;

async function main() {
  const machine = describeMachine();
  const benchDatabase = await createBenchDatabase('realtime');
  const seed = await benchDatabase.open();
  const learners = await createLearners(seed, CLIENTS);
  await seed.close();

  const server = await startServerProcess({ database: benchDatabase, port: PORT });
  const pid = server.pid as number;
  let sampler: NodeJS.Timeout | undefined;
  try {
    const idle = rssMb(pid);
    let started = performance.now();
    const tabs = await inPool(learners, CONNECT_CONCURRENCY, openTab);
    const connectSeconds = (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const connected = rssMb(pid);

    let peak = connected.rss;
    sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid).rss);
    }, 20);
    let failedAwards = 0;
    /** Awards the tab's learner; the time until the answer, and until the push (null if it never came). */
    const award = async (tab: Tab) => {
      const pushed = tab.waitFor('user_xp');
      const sentAt = performance.now();
      const response = await fetch(`http://127.0.0.1:${PORT}/api/gamification/award`, {
        method: 'POST',
        headers: { ...bearer(tab.learner), 'content-type': 'application/json' },
        body: JSON.stringify({ event_type: 'daily_login' }),
      });
      const answer = performance.now() - sentAt;
      if (!response.ok) failedAwards++;
      await response.arrayBuffer();
      const receivedAt = await pushed.catch(() => null);
      return { answer, push: receivedAt === null ? null : receivedAt - sentAt };
    };
    const single: Awaited<ReturnType<typeof award>>[] = [];
    for (const tab of tabs.slice(0, ONE_BY_ONE)) single.push(await award(tab));
    const burstTabs = tabs.slice(ONE_BY_ONE);
    started = performance.now();
    const burst = await inPool(burstTabs, AWARD_CONCURRENCY, award);
    const awardSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const after = rssMb(pid);
    for (const tab of tabs) tab.socket.close();

    const sorted = (values: (number | null)[]) =>
      values.filter((value): value is number => value !== null).sort((a, b) => a - b);
    const singleAnswers = sorted(single.map((result) => result.answer));
    const singlePushes = sorted(single.map((result) => result.push));
    const burstAnswers = sorted(burst.map((result) => result.answer));
    const burstPushes = sorted(burst.map((result) => result.push));
    const received = singlePushes.length + burstPushes.length;
    const p = (values: number[]) => `${round(percentile(values, 0.5))} ms / ${round(percentile(values, 0.99))} ms`;
    const rows: [string, string][] = [
      ['date', new Date().toISOString().slice(0, 10)],
      ['database', benchDatabase.kind],
      ['machine', machine],
      ['WebSocket clients (one learner each)', String(tabs.length)],
      ['connecting all clients', `${connectSeconds.toFixed(1)} s`],
      [`one award at a time (first ${single.length} learners): answered, p50 / p99`, p(singleAnswers)],
      ['one award at a time: award sent to push received, p50 / p99', p(singlePushes)],
      [
        `burst: the other ${burst.length} learners, ${AWARD_CONCURRENCY} awards in flight`,
        `${awardSeconds.toFixed(1)} s (${Math.round(burst.length / awardSeconds)} awards/s)`,
      ],
      ['burst: answered, p50 / p99', p(burstAnswers)],
      ['burst: award sent to push received, p50 / p99', p(burstPushes)],
      ['failed awards / pushes not received', `${failedAwards} / ${tabs.length - received}`],
      [
        'server RSS',
        `${idle.rss.toFixed(0)} MB idle, ${connected.rss.toFixed(0)} MB with ${tabs.length} sockets (+${(
          ((connected.rss - idle.rss) * 1024) / tabs.length
        ).toFixed(0)} KB each), ${Math.max(peak, after.peak).toFixed(0)} MB peak while awarding`,
      ],
    ];
    const section = [
      '`bench/realtime.ts` starts the real server as its own process, opens one WebSocket per learner',
      '(`/api/realtime`, bearer session), then awards every learner XP through `POST /api/gamification/award` and',
      'times each award from the request until that learner’s socket receives `table_change` for `user_xp`. The',
      'push goes through the same `NOTIFY` path a second instance would use (in-process on PGlite). The server’s',
      'RSS is read from `/proc/<pid>/status`. The push leaves right after the award commits, before the answer, so',
      'the gap between "answered" and "push received" is the delivery itself; the rest is the award (one transaction',
      'of about fifteen queries) and, in the burst, waiting for the awards ahead of it.',
      '',
      '| measured | value |',
      '|---|---|',
      ...rows.map(([label, value]) => `| ${label} | ${value} |`),
    ].join('\n');
    await writeBenchSection(`Realtime fan-out (\`npm run bench:realtime\`), ${benchDatabase.kind}`, section);
    console.log(section);
    if (failedAwards > 0 || received !== tabs.length) process.exitCode = 1;
  } finally {
    if (sampler) clearInterval(sampler);
    await stopServerProcess(server);
    await benchDatabase.cleanup();
  }
}

await main();
