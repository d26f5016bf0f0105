import { describe, expect, it } from 'vitest';
import { formatInterval } from './format-interval';

describe('formatInterval', () => {
  it('uses the largest unit that fits', () => {
    expect(formatInterval(30, 'en')).toBe('1m');
    expect(formatInterval(600, 'en')).toBe('10m');
    expect(formatInterval(3 * 3600, 'en')).toBe('3h');
    expect(formatInterval(86_400 * 4, 'en')).toBe('4d');
    expect(formatInterval(86_400 * 45, 'en')).toBe('1.5 mths');
    expect(formatInterval(86_400 * 365 * 2, 'en', 'long')).toBe('2 years');
  });

  it('writes units the way each language does', () => {
    expect(formatInterval(600, 'de', 'long')).toBe('10 Minuten');
    expect(formatInterval(86_400 * 2, 'zh', 'long')).toBe('2天');
  });
});
