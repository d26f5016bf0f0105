import { z } from 'zod';

/** True when the text holds a C0 or C1 control character (tab and line breaks included), which no one-line field needs. */
export function hasControlCharacters(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** One line of text, trimmed, at most `max` characters, without control characters. */
export function oneLineTextSchema(max: number) {
  return z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .refine((value) => !hasControlCharacters(value), 'Use letters, digits and punctuation only, on one line');
}

export const PERSON_NAME_MAX_LENGTH = 120;
/** A person's name: one line, not empty. */
export const personNameSchema = oneLineTextSchema(PERSON_NAME_MAX_LENGTH).min(1, 'Enter a name');

export const LINK_MAX_LENGTH = 2048;

/**
 * True for a path on this site. Browsers read `//host`, `/\host` and a path with a tab or line break in it as a link
 * to another site, so those are refused.
 */
export function isOwnPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') && !hasControlCharacters(value);
}

/** True for an `https:` or `http:` address with a host, or a path on this site; never `javascript:` or `data:`. */
export function isWebLink(value: string): boolean {
  if (isOwnPath(value)) return true;
  if (hasControlCharacters(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Where a link from a mail may send the browser afterwards: only a page of ours. */
export const ownPathSchema = z
  .string()
  .max(LINK_MAX_LENGTH)
  .refine(isOwnPath, 'Use a path on this site, starting with a single /');
