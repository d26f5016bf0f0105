import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/** The column naming both databases are opened with (`openDatabase`); statements built here must name columns alike. */
export const DB_CASING = 'snake_case';

const dialect = new PgDialect({ casing: DB_CASING });

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
    const result = (await db._.session.prepareQuery(query, undefined, undefined, false).execute(values)) as {
      rows: Row[];
    };
    return result.rows;
  }

  /** How many statements have been built (for tests). */
  get size(): number {
    return this.#built.size;
  }
}
