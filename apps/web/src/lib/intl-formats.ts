/**
 * Number and date formats, each built once per language and options: building an `Intl` format costs far more than
 * using one (it loads the language's data), and screens format on every render.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

const keyOf = (locale: string | undefined, options: object | undefined) =>
  `${locale ?? ''}|${JSON.stringify(options ?? {})}`;

export function numberFormat(locale: string | undefined, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = keyOf(locale, options);
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

export function dateTimeFormat(locale: string | undefined, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = keyOf(locale, options);
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

let deviceZone: string | undefined;
/** The time zone this device is set to. */
export function deviceTimeZone(): string {
  deviceZone ??= new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return deviceZone;
}
