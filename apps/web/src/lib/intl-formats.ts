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

export const dateTimeFormat = (locale: string | undefined, options?: Intl.DateTimeFormatOptions) =>
  cached('date', () => new Intl.DateTimeFormat(locale, options), [locale, options]);

let deviceZone: string | undefined;
/** The time zone this device is set to. */
export function deviceTimeZone(): string {
  deviceZone ??= new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return deviceZone;
}
