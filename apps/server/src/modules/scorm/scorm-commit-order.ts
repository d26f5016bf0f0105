import { isDeepStrictEqual } from 'node:util';
import type { ScormCommitResult } from '@portal/shared/scorm';

/**
 * Where a numbered commit stands against the last one stored for its attempt: the next one to store, a repeat of the
 * stored one (a retry after a lost answer: same number, same data), stale (an older or conflicting one), or from a
 * launch taken over (the attempt was opened again, and that later launch stored a commit since).
 */
export type CommitOrder = 'next' | 'repeat' | 'stale' | 'taken_over';

export function commitOrder({
  lastSequence,
  lastLaunch,
  storedCmi,
  sequence,
  launch,
  cmi,
}: {
  lastSequence: number;
  /** The launch the stored commit came from. */
  lastLaunch: number;
  storedCmi: Record<string, unknown> | null;
  sequence: number;
  launch: number;
  cmi: Record<string, unknown>;
}): CommitOrder {
  // A later launch numbers its commits from what was stored when it opened: its first commit comes next whatever
  // the earlier launch stored meanwhile.
  if (launch !== lastLaunch) return launch > lastLaunch ? 'next' : 'taken_over';
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

/** The answer to a commit of a launch taken over: the player tells the learner where their progress is saved now. */
export const takenOverAnswer = (family: '1.2' | '2004'): ScormCommitResult => ({
  result: false,
  errorCode: family === '1.2' ? 101 : 391,
  taken_over: true,
  message: 'This attempt was opened again in another tab or window, which saves it now; this one was not stored.',
});

/** The HTTP status of a commit's answer: stored 200, changed nothing because of a newer commit 409, refused 422. */
export const commitStatus = (result: ScormCommitResult) =>
  result.result ? 200 : result.stale || result.taken_over ? 409 : 422;

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
