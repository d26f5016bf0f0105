import type { AdminUserRow } from '@portal/shared/admin-users';
import { csvLine } from '../../csv.ts';

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

/** The export as CSV text, header first, row by row as the pages arrive. */
export async function* usersCsv(rows: AsyncIterable<AdminUserRow>) {
  yield csvLine(CSV_COLUMNS);
  for await (const row of rows) yield csvLine(CSV_COLUMNS.map((column) => row[column]));
}
