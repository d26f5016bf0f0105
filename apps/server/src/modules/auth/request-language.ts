import { AsyncLocalStorage } from 'node:async_hooks';
import { FALLBACK_LANGUAGE, type InterfaceLanguage, toInterfaceLanguage } from '@portal/shared/language';

type HeaderSource = { get(name: string): string | null } | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource | undefined, name: string): string | null {
  if (!headers) return null;
  if (typeof (headers as { get?: unknown }).get === 'function')
    return (headers as { get(n: string): string | null }).get(name);
  const value = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

/** The interface language of a request: the client's chosen language, else the browser's first preference. */
export function requestLanguage(headers: HeaderSource | undefined): InterfaceLanguage {
  const chosen = toInterfaceLanguage(header(headers, 'x-portal-language'));
  if (chosen) return chosen;
  const accept = header(headers, 'accept-language')?.split(',')[0]?.split(';')[0];
  return toInterfaceLanguage(accept) ?? FALLBACK_LANGUAGE;
}

const callerLanguage = new AsyncLocalStorage<InterfaceLanguage>();

/** Runs server-side auth calls in the caller's language; they carry headers but no Request for the mail callbacks. */
export function inRequestLanguage<T>(headers: HeaderSource, run: () => Promise<T>): Promise<T> {
  return callerLanguage.run(requestLanguage(headers), run);
}

/** The language of a message: the Request the auth library passed, else the language of the calling route. */
export function mailLanguage(request: Request | undefined): InterfaceLanguage {
  return request ? requestLanguage(request.headers) : (callerLanguage.getStore() ?? FALLBACK_LANGUAGE);
}
