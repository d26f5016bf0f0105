import { describe, expect, it } from 'vitest';
import { dateTimeFormat, deviceTimeZone, numberFormat } from './intl-formats';

describe('cached number and date formats', () => {
  it('build one format per language and options, formatting as Intl does', () => {
    expect(numberFormat('de')).toBe(numberFormat('de'));
    expect(numberFormat('de')).not.toBe(numberFormat('en'));
    expect(numberFormat('de').format(12345.5)).toBe('12.345,5');
    expect(numberFormat('en', { style: 'percent' }).format(0.25)).toBe('25%');
    const day = new Date(Date.UTC(2026, 10, 27, 23, 30));
    const berlin = dateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: 'Europe/Berlin' });
    expect(berlin).toBe(dateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: 'Europe/Berlin' }));
    expect(berlin.format(day)).toBe('00');
    expect(dateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: 'UTC' }).format(day)).toBe('23');
    expect(deviceTimeZone()).toBe(new Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
