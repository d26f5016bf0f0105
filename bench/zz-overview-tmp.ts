// Throwaway: admin overview query timings before (scan of sources) and after (learner_active_days).
import { createBenchDatabase } from './bench-kit.ts';
import { createAdminOverviewRepository as newRepo } from '/work/main/apps/server/src/modules/admin-overview/admin-overview.repository.ts';
import { createAdminOverviewRepository as oldRepo } from './zz-old-overview-repo-tmp.ts';

const DAY = 86_400_000;
const SEED = [
  `insert into users (id, name, email, email_verified, created_at, updated_at)
   select 'u' || i, 'User ' || i, 'u' || i || '@example.com', true, now() - (i % 400) * interval '1 day', now()
   from generate_series(0, 99999) i`,
  `insert into user_roles (user_id, role) select 'u' || i, 'instructor' from generate_series(0, 99999, 100) i`,
  `insert into subscriptions (user_id, tier, status, provider, created_at)
   select 'u' || i, (array['me','us','universal'])[1 + i % 3], 'active', 'seed', now() - (i % 300) * interval '1 day'
   from generate_series(0, 99999) i where i % 3 = 0`,
  `insert into user_xp (user_id, kind, event_type, idempotency_key, base_xp, xp, local_day, created_at)
   select 'u' || (g % 100000), 'award', 'lesson_complete', 'k' || g, 10, 10, current_date,
     now() - ((g::bigint * 7919) % (180 * 24 * 60)) * interval '1 minute'
   from generate_series(1, 1000000) g`,
  `insert into learning_time_hourly (user_id, hour, source, seconds)
   select 'u' || (g % 100000), date_trunc('hour', now()) - ((g / 100000) * 700 + g % 13) * interval '1 hour', 'lesson', 600
   from generate_series(0, 499999) g`,
  `insert into sessions (id, token, user_id, expires_at, created_at, updated_at)
   select 's' || g, 't' || g, 'u' || (g % 100000), now() + interval '7 days',
     now() - (g % 90) * interval '1 day', now() - ((g * 31) % (90 * 24)) * interval '1 hour'
   from generate_series(1, 200000) g`,
  `insert into mail_outbox (channel, recipient, subject, text, created_at, sent_at)
   select 'email', 'u' || g || '@example.com', 's', 't', now() - (g % 365) * interval '1 day',
     now() - (g % 365) * interval '1 day' from generate_series(1, 200000) g`,
  'analyze',
];

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
  return `p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${at(1).toFixed(1)} ms`;
}

async function main() {
  const bench = await createBenchDatabase('overview');
  const database = await bench.open();
  try {
    let started = performance.now();
    // Bulk loading fires the per-row count trigger a million times in one transaction; load first, then count as
    // the 0024 migration does, set-based.
    await database.db.execute('alter table learner_active_days disable trigger learner_active_days_added');
    for (const statement of SEED) await database.db.execute(statement);
    await database.db.execute(`INSERT INTO learner_activity_by_day (day, learners)
      SELECT day, count(*)::int FROM learner_active_days GROUP BY day`);
    await database.db.execute(`UPDATE learner_activity_by_day counts SET last_active = latest.users FROM (
      SELECT day, count(*)::int AS users FROM (SELECT max(day) AS day FROM learner_active_days GROUP BY user_id) per_user GROUP BY day
    ) latest WHERE counts.day = latest.day`);
    await database.db.execute('alter table learner_active_days enable trigger learner_active_days_added');
    console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const count = async (q: string) => ((await database.db.execute(q)) as unknown as { rows: { n: number }[] }).rows[0]?.n;
    console.log('learner_active_days rows', await count('select count(*)::int as n from learner_active_days'));
    await database.db.execute('analyze');
    console.log('learner_activity_by_day rows', await count('select count(*)::int as n from learner_activity_by_day'));
    const now = new Date();
    for (const [label, repo] of [['before', oldRepo({ db: database.db })], ['after', newRepo({ db: database.db })]] as const) {
      for (const range of [7, 30, 90]) {
        const periods = { now, start: new Date(now.getTime() - range * DAY), previousStart: new Date(now.getTime() - 2 * range * DAY) };
        const from = new Date(now.getTime() - (range - 1) * DAY);
        from.setUTCHours(0, 0, 0, 0);
        const active: number[] = [];
        const daily: number[] = [];
        const all: number[] = [];
        let figures: unknown;
        const runs = label === 'before' ? 8 : 100;
        for (let i = 0; i < runs; i += 1) {
          let t = performance.now();
          figures = await repo.activeLearners(now);
          active.push(performance.now() - t);
          t = performance.now();
          await repo.dailyActiveLearners(from, now);
          daily.push(performance.now() - t);
          t = performance.now();
          await Promise.all([repo.periodCounts(periods), repo.activeLearners(now), repo.dailyActiveLearners(from, now),
            repo.subscriptionsByTier(periods), repo.recentSignups(10), repo.mailStats(now), repo.ping()]);
          all.push(performance.now() - t);
        }
        console.log(`${label} range ${range}: activeLearners ${stats(active)} | daily ${stats(daily)} | all overview queries ${stats(all)}`);
        if (range === 30) console.log(`${label} figures`, JSON.stringify(figures));
      }
    }
    const awards = async (label: string, offset: number) => {
      const t = performance.now();
      for (let i = 0; i < 2000; i += 1) {
        await database.db.execute(`insert into user_xp (user_id, kind, event_type, idempotency_key, base_xp, xp, local_day)
          values ('u${(offset + i * 37) % 100000}', 'award', 'lesson_complete', 'w${offset}-${i}', 10, 10, current_date)`);
      }
      console.log(`${label}: ${((performance.now() - t) / 2000).toFixed(2)} ms per XP award (2000 single-row transactions)`);
    };
    await awards('with the activity triggers', 1);
    for (const trigger of ['user_xp_active_day', 'user_xp_active_day_moved']) {
      await database.db.execute(`alter table user_xp disable trigger ${trigger}`);
    }
    await awards('without them', 50_001);
    const explain = async (query: string) => {
      const result = (await database.db.execute(`explain analyze ${query}`)) as unknown as { rows: Record<string, string>[] };
      console.log(result.rows.map((row) => Object.values(row)[0]).filter((line) => /Scan|Execution/.test(line)).join('\n'));
    };
    await explain("select count(*) from lesson_progress where completed_at >= now() - interval '60 days' and completed_at < now()");
    await explain("select count(*) from scorm_attempts where started_at >= now() - interval '60 days' and started_at < now()");
    await explain("select max(sent_at) from mail_outbox");
    await explain("select count(*) from user_xp where kind = 'award' and created_at >= now() - interval '60 days' and created_at < now()");
    await explain("select count(*) from users where created_at < now()");
    await explain("select count(*) from subscriptions where created_at < now()");
  } finally {
    await database.close?.();
    await bench.cleanup();
  }
}
await main();
