import { AppError } from './errors.ts';

/** Deepest nesting of objects and arrays a JSON body may have; no route needs more than a handful. */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]);
const CLOSERS = new Set([0x5d, 0x7d]);

/** Scans JSON text once, before it is parsed: too deep, or a NUL character escaped inside a string or key. */
export function jsonBodyProblem(text: string): 'too_deep' | 'nul' | null {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) {
        if (text.startsWith('u0000', index + 1)) return 'nul';
        index += 1;
      } else if (char === QUOTE) {
        inString = false;
      }
    } else if (char === QUOTE) {
      inString = true;
    } else if (OPENERS.has(char)) {
      depth += 1;
      if (depth > MAX_JSON_DEPTH) return 'too_deep';
    } else if (CLOSERS.has(char)) {
      depth -= 1;
    }
  }
  return null;
}

/** Why a JSON body is refused before it is parsed (400), or null when it may be parsed. */
export function jsonBodyRefusal(text: string): AppError | null {
  const problem = jsonBodyProblem(text);
  if (problem === 'too_deep') {
    return new AppError(
      'nesting_too_deep',
      `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`,
    );
  }
  if (problem === 'nul') {
    return new AppError('unstorable_text', 'The request body contains a NUL character, which cannot be stored.');
  }
  return null;
}
