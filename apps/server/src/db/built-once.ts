import { is, Param, Placeholder, type Query, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/** The column naming both databases are opened with (`openDatabase`); statements built here must name columns alike. */
export const DB_CASING = 'snake_case';

const dialect = new PgDialect({ casing: DB_CASING });

/** A value of a statement built once, filled at each run and encoded as `column` encodes it. */
export const valueFor = (name: string, column?: Parameters<typeof sql.param>[1]): SQL =>
  sql`${new Param(sql.placeholder(name), column)}`;

/**
 * A statement's parameter with its placeholder filled from `values`: encoded by its column, and null as SQL NULL, as
 * the query builder sends a value (drizzle's own `fillPlaceholders` encodes null too: JSON `null` for a json column).
 */
function filled(param: unknown, values: Record<string, unknown>): unknown {
  const placeholder = is(param, Param) ? param.value : param;
  if (!is(placeholder, Placeholder)) return param;
  if (!(placeholder.name in values)) throw new Error(`No value for placeholder "${placeholder.name}" was provided`);
  const value = values[placeholder.name];
  return value === null || !is(param, Param) ? value : param.encoder.mapToDriverValue(value);
}

/**
 * Statements of a hot write built once per shape and run with each call's values. Building a statement from its
 * parts (the query builder's objects, then its text and parameter list) took about a fifth of the server's busy
 * thread on the progress report, which otherwise sends one short statement. A statement is built with
 * `sql.placeholder(name)` wherever a value goes; each run fills the placeholders from `values`, encoded by the column
 * they are compared with or written to, as the query builder encodes a value.
 *
 * A shape names everything that changes the statement's text (which columns a report writes, say): two calls with the
 * same shape must build the same statement. Shapes come from the code, never from a request's values, so they are few.
 */
export class BuiltOnce {
  readonly #built = new Map<string, Query>();

  async run<Row>(db: Db, shape: string, build: () => SQL, values: Record<string, unknown>): Promise<Row[]> {
    let query = this.#built.get(shape);
    if (!query) {
      query = dialect.sqlToQuery(build());
      this.#built.set(shape, query);
    }
    const params = query.params.map((param) => filled(param, values));
    const prepared = db._.session.prepareQuery({ sql: query.sql, params }, undefined, undefined, false);
    const result = (await prepared.execute()) as { rows: Row[] };
    return result.rows;
  }

  /** How many statements have been built (for tests). */
  get size(): number {
    return this.#built.size;
  }
}
