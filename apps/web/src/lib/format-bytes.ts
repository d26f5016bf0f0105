import { numberFormat } from './intl-formats';

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

/**
 * A file's size in `locale`: KB below 1 MB (at least 1), then MB and GB with one decimal, e.g. "12.3 MB",
 * "12,3 MB" in German.
 */
export function formatBytes(bytes: number, locale: string | undefined): string {
  if (bytes < MB) {
    return numberFormat(locale, { style: 'unit', unit: 'kilobyte' }).format(Math.max(1, Math.round(bytes / KB)));
  }
  const [size, unit] = bytes < GB ? [bytes / MB, 'megabyte'] : [bytes / GB, 'gigabyte'];
  return numberFormat(locale, { style: 'unit', unit, minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(size);
}
