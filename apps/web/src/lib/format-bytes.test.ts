import { describe, expect, it } from 'vitest';
import { formatBytes as format } from './format-bytes';

/** The size with any kind of space as a plain one (German puts a no-break space before the unit). */
const formatBytes = (bytes: number, locale: string) => format(bytes, locale).replace(/\s/g, ' ');

describe('formatBytes', () => {
  it('shows KB below a megabyte, never 0', () => {
    expect(formatBytes(12, 'en')).toBe('1 kB');
    expect(formatBytes(300 * 1024, 'en')).toBe('300 kB');
  });

  it('shows MB and GB with one decimal in the language’s own number style', () => {
    expect(formatBytes(12.34 * 1024 * 1024, 'en')).toBe('12.3 MB');
    expect(formatBytes(12.34 * 1024 * 1024, 'de')).toBe('12,3 MB');
    expect(formatBytes(2 * 1024 * 1024, 'zh')).toMatch(/^2\.0 ?MB$/);
    expect(formatBytes(3.5 * 1024 * 1024 * 1024, 'de')).toBe('3,5 GB');
  });
});
