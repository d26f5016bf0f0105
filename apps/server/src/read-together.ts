import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';

/**
 * One value a module reads for a screen that shows several modules at once: a query that answers one row of one
 * column (usually json), and how the module turns that value into its own shape. Each module builds its parts from
 * its own tables; whoever shows them reads them together.
 */
export type ReadPart<T> = { query: SQL; read: (value: unknown) => T };

export const readPart = <T>(query: SQL, read: (value: unknown) => T): ReadPart<T> => ({ query, read });

/** A part whose value is known without asking, for a source that has nothing to tell. */
export const valuePart = <T>(value: T): ReadPart<T> => readPart(sql`select null`, () => value);

export type Values<Parts> = { [K in keyof Parts]: Parts[K] extends ReadPart<infer T> ? Awaited<T> : never };

/**
 * Reads independent parts in one statement, `select (a) as p0, (b) as p1, ...`: one round trip instead of one per
 * part, each part still answered through its own indexes. Like every statement, it is prepared once per database
 * connection (`db/preparing-client.ts`): planning a dozen subqueries takes the database several times longer than
 * running them for one learner.
 */
export async function readTogether<Parts extends Record<string, ReadPart<unknown>>>(
  db: Db,
  parts: Parts,
): Promise<Values<Parts>> {
  const result = (await db.execute(togetherStatement(parts))) as unknown as { rows: Record<string, unknown>[] };
  return valuesOf(parts, result.rows[0] ?? {});
}

/** The one statement reading `parts` (see `readTogether`). */
export function togetherStatement(parts: Record<string, ReadPart<unknown>>): SQL {
  return sql`select ${togetherColumns(parts)}`;
}

/** `(a) as p0, (b) as p1, ...`: the columns `valuesOf` reads `parts` from, for a statement reading them per row. */
export function togetherColumns(parts: Record<string, ReadPart<unknown>>): SQL {
  return sql.join(
    Object.values(parts).map((part, index) => sql`(${part.query}) as ${sql.identifier(`p${index}`)}`),
    sql`, `,
  );
}

/** Each part's value, read from the row `togetherStatement` answered. */
export async function valuesOf<Parts extends Record<string, ReadPart<unknown>>>(
  parts: Parts,
  row: Record<string, unknown>,
): Promise<Values<Parts>> {
  const entries = Object.entries(parts);
  const values = await Promise.all(entries.map(([, part], index) => part.read(row[`p${index}`] ?? null)));
  return Object.fromEntries(entries.map(([key], index) => [key, values[index]])) as Values<Parts>;
}

/** A json timestamp (`2026-11-27T05:52:15.669+00:00`) or null as a Date. */
export const jsonDate = (value: string | null): Date | null => (value === null ? null : new Date(value));

/**
 * A part answering one number per local day: `rows` selects `day` (`YYYY-MM-DD`) and `total`, grouped by day; the
 * part reads them as a map, days without a row missing.
 */
export const dayTotalsPart = (rows: SQL): ReadPart<Map<string, number>> =>
  readPart(
    sql`select coalesce(json_object_agg(d.day, d.total), '{}'::json) from (${rows}) d`,
    (value) => new Map(Object.entries((value ?? {}) as Record<string, number>)),
  );
