/** A CSV cell: text is quoted, numbers are written as they are, null is empty. */
export type CsvCell = string | number | null;

/** Spreadsheets run a cell that starts with one of these as a formula; learner answers must never be run. */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * RFC 4180 CSV (CRLF line ends, quoted where needed) with a UTF-8 byte order mark, so Excel reads accents and CJK
 * text right when the file is opened directly.
 */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
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
      .slice(0, 80) || 'scorm-package';
  const name = `${stem}-${suffix}.csv`;
  const ascii = name.replace(/[^A-Za-z0-9.-]+/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
