import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTargets } from '../testing/test-app.ts';
import { BuiltOnce, valueFor } from './built-once.ts';
import type { Database } from './client.ts';

const probes = pgTable('built_once_probe', {
  id: integer().primaryKey(),
  label: text(),
  ranges: jsonb().$type<[number, number][]>(),
});

describe.each(testTargets())('statements built once per shape on $name', (target) => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await target.open());
    await database.db.execute(sql`create table built_once_probe (id int primary key, label text, ranges jsonb)`);
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  const value = valueFor;

  it('builds a shape once and runs it with each call’s own values, encoded by their column', async () => {
    const statements = new BuiltOnce();
    let builds = 0;
    const insert = (values: Record<string, unknown>) =>
      statements.run<{ id: number; label: string; ranges: [number, number][] }>(
        database.db,
        'insert',
        () => {
          builds += 1;
          return sql`insert into ${probes} (id, label, ranges)
            values (${value('id')}, ${value('label')}, ${value('ranges', probes.ranges)}) returning *`;
        },
        values,
      );

    const first = await insert({ id: 1, label: 'first', ranges: [[0, 30]] });
    const second = await insert({
      id: 2,
      label: 'second',
      ranges: [
        [5, 10],
        [20, 40],
      ],
    });

    expect(first).toEqual([{ id: 1, label: 'first', ranges: [[0, 30]] }]);
    // An array for a jsonb column is written as JSON (a bare array would reach the driver as a PostgreSQL array).
    expect(second).toEqual([
      {
        id: 2,
        label: 'second',
        ranges: [
          [5, 10],
          [20, 40],
        ],
      },
    ]);
    // Null is SQL NULL, as the query builder writes it, not JSON null.
    const third = await insert({ id: 3, label: 'third', ranges: null });
    expect(third).toEqual([{ id: 3, label: 'third', ranges: null }]);
    const nulls = (await database.db.execute(
      sql`select count(*)::int as n from built_once_probe where ranges is null`,
    )) as unknown as { rows: { n: number }[] };
    expect(nulls.rows[0]?.n).toBe(1);
    expect(builds).toBe(1);
    expect(statements.size).toBe(1);
  });

  it('builds another statement for another shape', async () => {
    const statements = new BuiltOnce();
    const labelOf = (shape: 'upper' | 'lower', id: number) =>
      statements.run<{ label: string }>(
        database.db,
        shape,
        () => sql`select ${sql.raw(shape)}(label) as label from ${probes} where id = ${value('id')}`,
        { id },
      );

    expect(await labelOf('upper', 1)).toEqual([{ label: 'FIRST' }]);
    expect(await labelOf('lower', 2)).toEqual([{ label: 'second' }]);
    expect(await labelOf('upper', 2)).toEqual([{ label: 'SECOND' }]);
    expect(statements.size).toBe(2);
  });

  it('refuses a run that leaves a value out, and writes nothing', async () => {
    const statements = new BuiltOnce();
    await expect(
      statements.run(
        database.db,
        'insert',
        () => sql`insert into ${probes} (id, label) values (${value('id')}, ${value('label')})`,
        {
          id: 4,
        },
      ),
    ).rejects.toThrow(/No value for placeholder "label"/);
    const rows = (await database.db.execute(
      sql`select count(*)::int as n from built_once_probe where id = 4`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(rows.rows[0]?.n).toBe(0);
  });
});
