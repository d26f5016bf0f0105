import type { AdminUserRow } from '@portal/shared/admin-users';

export const CSV_COLUMNS = [
  'id',
  'name',
  'email',
  'phone_number',
  'role',
  'tier',
  'status',
  'beta_access',
  'created_at',
  'last_active_at',
] as const satisfies readonly (keyof AdminUserRow)[];

/**
 * One CSV cell: a text a spreadsheet would run as a formula (starting with = + - @, tab or carriage return) gets a
 * leading apostrophe; a cell with a comma, quote or line break is quoted, its quotes doubled.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The export as CSV text, header first, row by row as the pages arrive. */
export async function* usersCsv(rows: AsyncIterable<AdminUserRow>) {
  yield csvLine(CSV_COLUMNS);
  for await (const row of rows) yield csvLine(CSV_COLUMNS.map((column) => row[column]));
}
