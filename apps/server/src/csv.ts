/** CSV files the portal writes (reports, exports): one way to write a cell, so none of them runs a formula. */

/** A CSV cell: text is quoted, numbers are written as they are, null is empty. */
export type CsvCell = string | number | boolean | null | undefined;

/** Spreadsheets run a cell that starts with one of these as a formula; what people typed must never be run. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: a text a spreadsheet would run as a formula gets a leading apostrophe; a cell with a comma, quote or line
 * break is quoted, its quotes doubled; a number that is not finite and null are empty.
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const raw = String(value);
  const text = FORMULA_START.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line with its CRLF end, for files written row by row. */
export const csvLine = (cells: readonly CsvCell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * RFC 4180 CSV (CRLF line ends, quoted where needed) with a UTF-8 byte order mark, so Excel reads accents and CJK
 * text right when the file is opened directly.
 */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  return `\uFEFF${[header, ...rows].map(csvLine).join('')}`;
}

/**
 * `attachment` with an ASCII file name for old clients and the exact one (RFC 6266 / 5987) for the rest; the name
 * is cut down to letters, digits and dashes so it can never escape the header or a download folder.
 */
export function csvAttachment(title: string, suffix: string): string {
  const stem =
    title
      .normalize('NFKC')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'export';
  const name = `${stem}-${suffix}.csv`;
  const ascii = name.replace(/[^A-Za-z0-9.-]+/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
