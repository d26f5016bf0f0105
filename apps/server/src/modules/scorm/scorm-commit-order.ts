import { isDeepStrictEqual } from 'node:util';
import type { ScormCommitResult } from '@portal/shared/scorm';

/**
 * Where a numbered commit stands against the last one stored for its attempt: the next one to store, a repeat of the
 * stored one (a retry after a lost answer: same number, same data), or stale (an older or conflicting one).
 */
export type CommitOrder = 'next' | 'repeat' | 'stale';

export function commitOrder({
  lastSequence,
  storedCmi,
  sequence,
  cmi,
}: {
  lastSequence: number;
  storedCmi: Record<string, unknown> | null;
  sequence: number;
  cmi: Record<string, unknown>;
}): CommitOrder {
  if (sequence > lastSequence) return 'next';
  return sequence === lastSequence && isDeepStrictEqual(storedCmi, cmi) ? 'repeat' : 'stale';
}

/** The answer to a commit that changed nothing because a newer one is stored; the runtime ignores it. */
export const staleCommitAnswer = (family: '1.2' | '2004'): ScormCommitResult => ({
  result: false,
  errorCode: family === '1.2' ? 101 : 391,
  stale: true,
  message: 'A newer commit of this attempt is already stored; this one was ignored.',
});

/**
 * A commit's cmi with the top-level elements it left out as unchanged taken from the stored copy (a commit sent as
 * the page closes holds only what changed). Without a stored copy there is nothing to take.
 */
export function withStoredParts(
  cmi: Record<string, unknown>,
  stored: Record<string, unknown> | null,
  unchanged: readonly string[] = [],
): Record<string, unknown> {
  if (!stored || unchanged.length === 0) return cmi;
  const merged = { ...cmi };
  for (const key of unchanged) {
    if (!Object.hasOwn(merged, key) && Object.hasOwn(stored, key)) merged[key] = stored[key];
  }
  return merged;
}
