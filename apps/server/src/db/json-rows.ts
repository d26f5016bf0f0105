import { type Column, type SQL, sql } from 'drizzle-orm';
import { valueFor } from './built-once.ts';

/**
 * Rows sent as one json array, the statement's parameter `name`: a statement built and prepared once takes any number
 * of them. `alias` names them, with `fixed` columns (`name type`, comma separated, or none) and then `columns` of a
 * table, each under its own name and type. At most `limit` rows: the plan is made for that many, so it reaches a
 * table's rows by their keys, row by row, and never scans it.
 */
export const jsonRows = (name: string, alias: string, fixed: string, columns: Column[], limit: number): SQL => {
  const typed = columns.map((column) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`);
  const all = fixed ? [sql.raw(fixed), ...typed] : typed;
  return sql`select * from jsonb_to_recordset(${valueFor(name)}::jsonb)
      as ${sql.identifier(alias)}(${sql.join(all, sql`, `)})
    limit ${sql.raw(String(limit))}`;
};

/** `column = alias.column` for each of `columns`, to set a table's columns from `jsonRows`. */
export const setFromRows = (alias: string, columns: Column[]): SQL[] =>
  columns.map(
    (column) => sql`${sql.identifier(column.name)} = ${sql.identifier(alias)}.${sql.identifier(column.name)}`,
  );

/** The names of `columns` and their `alias.column` values, to insert a table's columns from `jsonRows`. */
export const insertFromRows = (alias: string, columns: Column[]): { names: SQL; values: SQL } => ({
  names: sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  ),
  values: sql.join(
    columns.map((column) => sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`),
    sql`, `,
  ),
});

/** A row's values of `keys` under their columns' names in `table`, to send in `jsonRows`. */
export const rowValues = <K extends string>(
  table: Record<K, Column>,
  keys: readonly K[],
  values: Partial<Record<K, unknown>>,
): Record<string, unknown> => Object.fromEntries(keys.map((key) => [table[key].name, values[key]]));
