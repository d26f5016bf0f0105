/**
 * Number and date formats, each built once per language and options: building an `Intl` format costs far more than
 * using one (it loads the language's data), and screens format on every render.
 */
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(kind: string, build: () => F, key: unknown[]): F {
  const id = `${kind}|${JSON.stringify(key)}`;
  let format = formats.get(id) as F | undefined;
  if (!format) {
    format = build();
    formats.set(id, format);
  }
  return format;
}

export const numberFormat = (locale: string | undefined, options?: Intl.NumberFormatOptions) =>
  cached('number', () => new Intl.NumberFormat(locale, options), [locale, options]);

/** A date format; without a `timeZone` it shows instants in the device's zone (see deviceTimeZone). */
export function dateTimeFormat(locale: string | undefined, options?: Intl.DateTimeFormatOptions) {
  const zoned = options?.timeZone ? options : { ...options, timeZone: deviceTimeZone() };
  return cached('date', () => new Intl.DateTimeFormat(locale, zoned), [locale, zoned]);
}

/**
 * An instant (a Date or an ISO string) in `locale` with `options`, in the device's zone unless they name one; an
 * empty string for a value that is no date.
 */
export function formatInstant(value: Date | string, locale: string | undefined, options?: Intl.DateTimeFormatOptions) {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat(locale, options).format(date);
}

let deviceZone: string | undefined;
// The zone of the browser a page is rendered for on the server (see prerender.tsx), while it renders.
let renderedFor: string | undefined;

/** The time zone this device is set to; on the server, that of the browser the page is being rendered for. */
export function deviceTimeZone(): string {
  if (renderedFor) return renderedFor;
  deviceZone ??= new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return deviceZone;
}

/** Renders on the server show instants in `zone` (the visitor's), until called again with undefined. */
export function renderForTimeZone(zone: string | undefined): void {
  renderedFor = zone;
}
