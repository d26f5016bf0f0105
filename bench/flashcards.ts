/**
 * Flashcards benchmark: learners with many cards and 1,000,000 review-log rows between them, then the review queue
 * (the due-card query), a rating (each request rates a different due card) and the stats screen under autocannon,
 * beside the same server's `/api/health` in the same run. The server runs as `npm start` runs it, as its own process.
 * Target: queue and rating p99 under 50 ms at one connection, on PostgreSQL.
 *
 *   BENCH_DATABASE_URL=postgres://... npm run bench:flashcards     (embedded PGlite without it)
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import {
  type BenchLearner,
  bearer,
  createBenchDatabase,
  createLearners,
  describeMachine,
  startServerProcess,
  stopServerProcess,
} from './bench-kit.ts';
import { writeBenchSection } from './readme.ts';

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 10);
const CARDS_PER_LEARNER = Number(process.env.BENCH_CARDS ?? 10_000);
const REVIEWS_PER_CARD = Number(process.env.BENCH_REVIEWS_PER_CARD ?? 10);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 8);
/** Ratings per measured line: each rates a card of its own, so the run never rates one twice. */
const RATINGS = Number(process.env.BENCH_RATINGS ?? 800);
const TARGET_P99_MS = 50;
const PORT = 4900 + Math.floor(Math.random() * 200);

type Run = { label: string; connections: number; p50: number; p99: number; rps: number; errors: number };

const summarise = (label: string, connections: number, result: autocannon.Result): Run => ({
  label,
  connections,
  p50: result.latency.p50,
  p99: result.latency.p99,
  rps: Math.round(result.requests.average),
  errors: result.errors + result.non2xx,
});

/**
 * Decks, notes and cards for every learner (a tenth new, a tenth in learning and due, the rest in review, due from
 * 100 days ago to 300 days ahead), then REVIEWS_PER_CARD ratings of each card spread over the past ten months.
 */
const seed = (userIds: string[]) => {
  const ids = userIds.map((id) => `'${id}'`).join(', ');
  const h = 'abs(hashtext(n.id::text))';
  return [
    `update profiles set timezone = 'Europe/Berlin' where id in (${ids})`,
    `insert into flashcard_settings (user_id, desired_retention, new_per_day, reviews_per_day)
     select id, 0.9, 9999, 99999 from users where id in (${ids})`,
    `insert into flashcard_decks (user_id, name) select id, 'Bench deck' from users where id in (${ids})`,
    `insert into flashcard_notes (user_id, deck_id, front, back, tags)
     select d.user_id, d.id, 'What is item ' || i || '?', 'Item ' || i || ' is the answer.', array['bench']
     from flashcard_decks d, generate_series(1, ${CARDS_PER_LEARNER}) i`,
    `insert into flashcard_cards (user_id, deck_id, note_id, ordinal, state, due, stability, difficulty,
       scheduled_days, reps, last_review, created_at)
     select n.user_id, n.deck_id, n.id, 0,
       case when ${h} % 10 = 0 then 0 when ${h} % 10 = 1 then 1 else 2 end,
       case when ${h} % 10 = 0 then now() - interval '1 day'
         when ${h} % 10 = 1 then now() - interval '5 minutes'
         else now() + ((${h} % 400) - 100) * interval '1 day' end,
       case when ${h} % 10 = 0 then 0 else 1 + ${h} % 100 end,
       case when ${h} % 10 = 0 then 0 else 5 end,
       case when ${h} % 10 < 2 then 0 else 1 + ${h} % 100 end,
       case when ${h} % 10 = 0 then 0 else ${REVIEWS_PER_CARD} end,
       case when ${h} % 10 = 0 then null else now() - (1 + ${h} % 100) * interval '1 day' end,
       n.created_at
     from flashcard_notes n`,
    `insert into flashcard_review_logs (user_id, card_id, rating, state, due, stability, difficulty, elapsed_days,
       last_elapsed_days, scheduled_days, learning_steps, reviewed_at, duration_ms, idempotency_key, card_before)
     select c.user_id, c.id,
       case when (abs(hashtext(c.id::text || k)) % 100) < 12 then 1 when (abs(hashtext(c.id::text || k)) % 100) < 90 then 3 else 4 end,
       case when k = 1 then 0 else 2 end,
       now() - (${REVIEWS_PER_CARD + 1} - k) * interval '30 days', k * 2, 5, k * 3, k * 3, (k - 1) * 3, 0,
       now() - (${REVIEWS_PER_CARD + 1} - k) * interval '30 days' + (abs(hashtext(c.id::text)) % 1440) * interval '1 minute',
       2000 + abs(hashtext(c.id::text || k)) % 8000,
       'bench-' || c.id || '-' || k,
       jsonb_build_object('scheduledDays', (k - 1) * 3)
     from flashcard_cards c, generate_series(1, ${REVIEWS_PER_CARD}) k`,
    // Where autovacuum has been by the time a table has grown this big: statistics and the visibility map.
    'vacuum analyze flashcard_cards',
    'vacuum analyze flashcard_review_logs',
    'analyze',
  ];
};

async function main() {
  const benchDatabase = await createBenchDatabase('flashcards');
  const database = await benchDatabase.open();
  const learners = await createLearners(database, LEARNERS, 'bench-flashcards');
  const seedStarted = performance.now();
  for (const statement of seed(learners.map((learner) => learner.userId))) await database.db.execute(statement);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const counted = await database.db.execute(
    'select (select count(*) from flashcard_review_logs) as logs, (select count(*) from flashcard_cards) as cards',
  );
  const counts = counted.rows[0] as { logs: number; cards: number };
  const learner = learners[0] as BenchLearner;
  // The cards the measured learner may rate now, learning and review cards due first.
  const due = await database.db.execute(
    `select id from flashcard_cards where user_id = '${learner.userId}' and state in (1, 2) and due < now()
     order by due limit ${RATINGS * 2}`,
  );
  const dueCards = (due.rows as { id: string }[]).map((row) => row.id);
  await database.close();
  if (dueCards.length < RATINGS * 2) throw new Error(`only ${dueCards.length} due cards to rate`);

  const server = await startServerProcess({ database: benchDatabase, port: PORT });
  const base = `http://127.0.0.1:${PORT}`;
  const headers = bearer(learner);
  try {
    const check = await fetch(`${base}/api/flashcards/review`, { headers });
    if (!check.ok) throw new Error(`the review queue answered ${check.status}: ${await check.text()}`);
    const queue = (await check.json()) as { counts: { new: number; learning: number; review: number } };

    const get = async (label: string, path: string, connections: number) =>
      summarise(
        label,
        connections,
        await autocannon({ url: `${base}${path}`, connections, duration: DURATION_SECONDS, headers }),
      );
    const rate = async (connections: number) => {
      const cards = dueCards.splice(0, RATINGS);
      const result = await autocannon({
        url: base,
        connections,
        amount: cards.length,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => ({
              ...request,
              path: `/api/flashcards/cards/${cards.shift()}/rate`,
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify({ rating: 'good', idempotency_key: randomUUID(), duration_ms: 4000 }),
            }),
          },
        ],
      });
      return summarise('POST /api/flashcards/cards/:id/rate (a new due card each)', connections, result);
    };

    const runs: Run[] = [];
    for (const connections of [1, 10]) {
      runs.push(await get('GET /api/health (baseline)', '/api/health', connections));
      runs.push(await get('GET /api/flashcards/review (due-card queue)', '/api/flashcards/review', connections));
      runs.push(await rate(connections));
      runs.push(await get('GET /api/flashcards/stats', '/api/flashcards/stats', connections));
    }
    const measured = runs.filter(
      (run) => run.connections === 1 && (run.label.includes('review') || run.label.includes('rate')),
    );
    const pass = measured.every((run) => run.p99 < TARGET_P99_MS) && runs.every((run) => run.errors === 0);
    const table = [
      '| request | connections | p50 ms | p99 ms | requests/s | errors |',
      '|---|---|---|---|---|---|',
      ...runs.map(
        (run) => `| ${run.label} | ${run.connections} | ${run.p50} | ${run.p99} | ${run.rps} | ${run.errors} |`,
      ),
    ].join('\n');
    const section = [
      `Run ${new Date().toISOString()} on ${benchDatabase.kind}, ${describeMachine()}, ${DURATION_SECONDS} s per GET line, ${RATINGS} ratings per rating line.`,
      `${Number(counts.logs).toLocaleString('en')} review-log rows and ${Number(counts.cards).toLocaleString('en')} cards for ${LEARNERS} learners (seeded in ${seedSeconds.toFixed(1)} s); the measured learner has ${CARDS_PER_LEARNER.toLocaleString('en')} cards, ${(CARDS_PER_LEARNER * REVIEWS_PER_CARD).toLocaleString('en')} reviews, and ${queue.counts.review} review / ${queue.counts.learning} learning / ${queue.counts.new} new cards due.`,
      '',
      table,
      '',
      `Target: queue and rating p99 under ${TARGET_P99_MS} ms at one connection — ${pass ? 'met' : 'NOT met'}.`,
    ].join('\n');
    await writeBenchSection(`Flashcards (\`npm run bench:flashcards\`), ${benchDatabase.kind}`, section);
    console.log(section);
    if (!pass) process.exitCode = 1;
  } finally {
    await stopServerProcess(server);
    await benchDatabase.cleanup();
  }
}

console.log(
  `flashcards benchmark: ${LEARNERS} learners x ${CARDS_PER_LEARNER.toLocaleString('en')} cards x ${REVIEWS_PER_CARD} reviews`,
);
await main();
