import { afterEach, describe, expect, it } from 'vitest';
import { dateTimeFormat, deviceTimeZone, formatInstant, numberFormat, renderForTimeZone } from './intl-formats';

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

describe('instants shown in a time zone', () => {
  afterEach(() => renderForTimeZone(undefined));

  it("show in the device's zone unless a format names one", () => {
    const moment = new Date('2026-03-01T23:30:00Z');
    const device = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(moment);
    expect(formatInstant(moment, 'en-GB', { dateStyle: 'medium', timeStyle: 'short' })).toBe(device);
    expect(formatInstant('2026-03-01T23:30:00Z', 'en-GB', { timeStyle: 'short', timeZone: 'Asia/Tokyo' })).toBe(
      '08:30',
    );
  });

  it("a page rendered on the server for a browser shows them in that browser's zone, until the render is over", () => {
    renderForTimeZone('Asia/Tokyo');
    expect(deviceTimeZone()).toBe('Asia/Tokyo');
    expect(formatInstant('2026-03-01T23:30:00Z', 'en-GB', { dateStyle: 'medium', timeStyle: 'short' })).toBe(
      '2 Mar 2026, 08:30',
    );
    renderForTimeZone(undefined);
    expect(deviceTimeZone()).toBe(new Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('a value that is no date shows as nothing instead of failing the screen', () => {
    expect(formatInstant('', 'en', { dateStyle: 'medium' })).toBe('');
    expect(formatInstant('not a date', 'de')).toBe('');
  });
});
