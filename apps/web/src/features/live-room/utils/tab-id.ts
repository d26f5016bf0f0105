/** A random id of 32 hex digits (or a UUID), for things that only need telling apart. */
export const randomId = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * This page's own id, new on every load (not kept in sessionStorage, which a duplicated tab copies): the server tells
 * two tabs of one person apart by it, so only one of them holds the call.
 */
export const TAB_ID: string = randomId();
