import type { QueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api';
import { meQueryOptions } from '@/lib/auth';

/**
 * Copies of SCO commits the server has not answered yet, kept in this browser's storage for the app's origin (the
 * wrapper page hands each one over as it leaves). A page closed offline, or a browser that died, leaves them here; they
 * are sent as soon as the learner is signed in and online again (`UnsentCommitsDelivery`), and before the player opens
 * an attempt, so it resumes from what they did.
 */
const PREFIX = 'portal.scorm.unsent:';

/** One kept commit: whose, of which attempt and launch, its number and its JSON body. */
export type UnsentCommit = {
  userId: string;
  attemptId: string;
  launch: number;
  sequence: number;
  body: string;
  at: number;
};

const keyOf = ({ userId, attemptId, launch }: Pick<UnsentCommit, 'userId' | 'attemptId' | 'launch'>) =>
  `${PREFIX}${userId}:${attemptId}:${launch}`;

/** Storage may be refused (site data blocked) or full: then nothing is kept, as before. */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function read(kept: Storage, key: string): UnsentCommit | null {
  try {
    const entry = JSON.parse(kept.getItem(key) ?? 'null') as UnsentCommit | null;
    if (entry && typeof entry.body === 'string' && typeof entry.sequence === 'number') return entry;
  } catch {
    // Not a kept commit.
  }
  kept.removeItem(key);
  return null;
}

/**
 * The number of the copy this page kept last for each launch, so keeping and forgetting, once per commit, never read
 * a copy (up to the size of the SCO's data) back from storage.
 */
const keptHere = new Map<string, number>();

/** Keeps a commit of a launch, unless one numbered higher is kept already (each launch keeps only its latest). */
export function keepUnsent(commit: Omit<UnsentCommit, 'at'>, at = Date.now()) {
  const kept = storage();
  if (!kept) return;
  const key = keyOf(commit);
  const earlier = keptHere.get(key);
  if (earlier !== undefined && earlier > commit.sequence) return;
  try {
    kept.setItem(key, JSON.stringify({ ...commit, at } satisfies UnsentCommit));
    keptHere.set(key, commit.sequence);
  } catch {
    // Over the quota: the commit is still sent, only not kept.
  }
}

function forgetKept(key: string) {
  storage()?.removeItem(key);
  keptHere.delete(key);
}

/** The server answered the launch's commit numbered `sequence`: the copy kept of it, or of an older one, goes. */
export function forgetUnsent(launch: Pick<UnsentCommit, 'userId' | 'attemptId' | 'launch'>, sequence: number) {
  // A launch runs in one page: what this page did not keep, it has nothing to forget.
  const key = keyOf(launch);
  const keptSequence = keptHere.get(key);
  if (keptSequence !== undefined && keptSequence <= sequence) forgetKept(key);
}

function keptOf(userId: string): Array<{ key: string; commit: UnsentCommit }> {
  const kept = storage();
  if (!kept) return [];
  const found: Array<{ key: string; commit: UnsentCommit }> = [];
  const mine = `${PREFIX}${userId}:`;
  for (const key of Array.from({ length: kept.length }, (_, index) => kept.key(index))) {
    if (!key?.startsWith(mine)) continue;
    const commit = read(kept, key);
    if (commit) found.push({ key, commit });
  }
  return found.sort((a, b) => a.commit.at - b.commit.at);
}

/** A failure worth trying again later: no network, signed out meanwhile, or the server busy or failing. */
const tryLater = (error: unknown) =>
  !(error instanceof ApiError) ||
  error.status === 0 ||
  error.status === 401 ||
  error.status === 408 ||
  error.status === 429 ||
  error.status >= 500;

/**
 * Sends the signed-in learner's kept commits, oldest first, as the player would have. Answers how many the server
 * stored now. One the server has already (the page's last request arrived after all), one a newer commit replaced,
 * and one it refuses are forgotten without counting; one that cannot be delivered yet stays for next time.
 */
export function deliverUnsent(userId: string): Promise<number> {
  // The player and the signed-in shell may ask at once: one delivery runs, both hear how it went.
  if (delivering?.userId === userId) return delivering.done;
  const done = deliverKept(userId).finally(() => {
    if (delivering?.done === done) delivering = null;
  });
  delivering = { userId, done };
  return done;
}

let delivering: { userId: string; done: Promise<number> } | null = null;

async function deliverKept(userId: string): Promise<number> {
  let stored = 0;
  for (const { key, commit } of keptOf(userId)) {
    let body: unknown;
    try {
      body = JSON.parse(commit.body);
    } catch {
      forgetKept(key);
      continue;
    }
    try {
      const answer = await api.post<{ repeated?: boolean }>(
        `/api/scorm/attempts/${encodeURIComponent(commit.attemptId)}/commit`,
        body,
      );
      if (!answer.repeated) stored += 1;
    } catch (error) {
      if (tryLater(error)) continue;
    }
    forgetKept(key);
  }
  return stored;
}

/** `deliverUnsent` for whoever is signed in; 0 when no one is, or when it could not be found out. */
export const deliverMyUnsent = (queryClient: QueryClient): Promise<number> =>
  queryClient
    .ensureQueryData(meQueryOptions())
    .then((me) => (me ? deliverUnsent(me.user.id) : 0))
    .catch(() => 0);
