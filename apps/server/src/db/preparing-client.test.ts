import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GENERIC_PLAN_MARK, PlanRoutingPool, PreparingClient } from './preparing-client.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('connections that prepare their statements', () => {
  let client: PreparingClient;

  beforeAll(async () => {
    client = new PreparingClient({ connectionString: url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
  });

  const prepared = async () =>
    (
      await client.query<{ statement: string; generic_plans: string; custom_plans: string }>(
        'select statement, generic_plans, custom_plans from pg_prepared_statements order by statement',
      )
    ).rows;

  it('prepares a statement with values once and answers each run with its own values', async () => {
    const text = 'select $1::int * 2 as doubled, $2::text as label';
    const answers = [];
    for (const n of [1, 2, 3, 4, 5, 6, 7]) {
      answers.push((await client.query<{ doubled: number; label: string }>(text, [n, `run ${n}`])).rows[0]);
    }
    expect(answers.map((row) => row?.doubled)).toEqual([2, 4, 6, 8, 10, 12, 14]);
    expect(answers[6]?.label).toBe('run 7');
    const [statement] = (await prepared()).filter((row) => row.statement === text);
    // One prepared statement ran all seven times; after five plans for the values the server settled on one plan.
    expect(Number(statement?.generic_plans) + Number(statement?.custom_plans)).toBe(7);
    expect(Number(statement?.generic_plans)).toBeGreaterThan(0);
  });

  it('plans pattern searches anew for each pattern', async () => {
    const search = "select count(*)::int as n from pg_class where relname like $1 || '%'";
    for (const prefix of ['pg_', 'pg_t', 'pg_ty']) await client.query(search, [prefix]);
    const statements = (await prepared()).map((row) => row.statement);
    expect(statements).not.toContain(search);
  });

  it('leaves statements without values and those named by the caller as they are', async () => {
    await client.query('select 1 as plain');
    await client.query({ name: 'own_name', text: 'select $1::int as own', values: [3] });
    const statements = (await prepared()).map((row) => row.statement);
    expect(statements).not.toContain('select 1 as plain');
    expect(statements).toContain('select $1::int as own');
    expect((await client.query<{ name: string }>('select name from pg_prepared_statements')).rows).toContainEqual({
      name: 'own_name',
    });
  });

  it('a bad statement fails alone: the connection goes on with the next', async () => {
    await expect(client.query('select $1::int from no_such_table', [1])).rejects.toThrow(/no_such_table/);
    expect((await client.query<{ ok: number }>('select $1::int as ok', [5])).rows).toEqual([{ ok: 5 }]);
  });

  it('runs a statement marked for its generic plan on it from the first run, and the others as the server chooses', async () => {
    const marked = `${GENERIC_PLAN_MARK} select $1::int * 3 as tripled`;
    const plain = 'select $1::int + 1 as next';
    const answers = [];
    for (const n of [1, 2, 3]) {
      answers.push((await client.query<{ tripled: number }>(marked, [n])).rows[0]?.tripled);
      await client.query(plain, [n]);
    }
    expect(answers).toEqual([3, 6, 9]);
    const plans = await prepared();
    expect(plans.find((row) => row.statement === marked)).toMatchObject({ generic_plans: '3', custom_plans: '0' });
    expect(plans.find((row) => row.statement === plain)).toMatchObject({ generic_plans: '0', custom_plans: '3' });
  });

  it('a rolled-back transaction does not leave marked statements planned for their values', async () => {
    const marked = `${GENERIC_PLAN_MARK} select $1::int - 1 as previous`;
    await client.query('begin');
    await client.query(marked, [1]);
    await client.query('rollback');
    // The rollback undid the session's plan mode with the transaction; the next marked run sets it again.
    await client.query(marked, [2]);
    const plans = await prepared();
    expect(plans.find((row) => row.statement === marked)).toMatchObject({ generic_plans: '2', custom_plans: '0' });
  });

  it('works inside a pool, as the app uses it', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 2, Client: PreparingClient });
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, n) => pool.query<{ n: number }>('select $1::int as n', [n])),
      );
      expect(results.map((result) => result.rows[0]?.n)).toEqual(Array.from({ length: 20 }, (_, n) => n));
    } finally {
      await pool.end();
    }
  });

  it('a pool runs marked statements on connections that stay in generic plan mode, and transactions as before', async () => {
    const pool = new PlanRoutingPool({ connectionString: url, max: 2 });
    const sent = vi.spyOn(pg.Client.prototype, 'query');
    try {
      const plain = 'select $1::int + 1 as n';
      const marked = `${GENERIC_PLAN_MARK} select $1::int + 2 as n`;
      const answers: (number | undefined)[] = [];
      for (let run = 0; run < 10; run += 1) {
        answers.push((await pool.query<{ n: number }>(plain, [run])).rows[0]?.n);
        answers.push((await pool.query<{ n: number }>(marked, [run])).rows[0]?.n);
      }
      expect(answers).toEqual(Array.from({ length: 10 }, (_, run) => [run + 1, run + 2]).flat());
      // Twenty statements alternating kinds: the one marked connection was put in its mode once, no plain one ever.
      const switches = sent.mock.calls.filter(([config]) => String(config).startsWith('set plan_cache_mode'));
      expect(switches.map(([config]) => config)).toEqual(['set plan_cache_mode = force_generic_plan']);

      const client = await pool.connect();
      try {
        await client.query('begin');
        expect((await client.query<{ n: number }>(marked, [5])).rows[0]?.n).toBe(7);
        expect(
          (await client.query<{ mode: string }>("select current_setting('plan_cache_mode') as mode")).rows[0]?.mode,
        ).toBe('force_generic_plan');
        await client.query('commit');
      } finally {
        client.release();
      }
    } finally {
      sent.mockRestore();
      await pool.end();
    }
  });
});
