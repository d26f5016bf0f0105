import { followChanges } from '../../change-cache.ts';
import type { Database } from '../../db/client.ts';

/** Channel the database triggers of migration 0029 notify when a session, a user or their roles change. */
export const SESSION_CHANGES_CHANNEL = 'session_changes';

/** A change the triggers report: the session (`s`) and/or the user (`u`) whose cached sessions are now stale. */
type Change = { s?: string; u?: string };

type Entry<Context> = {
  context: Context;
  sessionId: string;
  userId: string;
  /** The session's own end: a cached session is never used past it. */
  expiresAt: number;
  /** Even without any notice an entry is looked up again after this, so a lost notice cannot keep it forever. */
  freshUntil: number;
};

export type SessionCacheOptions = {
  /** How long an entry may be used without a new lookup. */
  ttlMs?: number;
  /** Most entries kept; the oldest go first. */
  maxEntries?: number;
  now?: () => number;
};

/** The entry for this key while it is fresh and its session has not ended; a stale one is dropped. */
function usableEntry<Context>(entries: Map<string, Entry<Context>>, key: string, now: () => number) {
  const entry = entries.get(key);
  if (!entry) return undefined;
  const at = now();
  if (at >= entry.freshUntil || at >= entry.expiresAt) {
    entries.delete(key);
    return undefined;
  }
  return entry;
}

/** Keeps an entry, making room by dropping the oldest when the cache is full. */
function keepEntry<Context>(
  entries: Map<string, Entry<Context>>,
  maxEntries: number,
  key: string,
  entry: Entry<Context>,
) {
  if (entries.size >= maxEntries) {
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
  entries.set(key, entry);
}

type CacheState<Context> = {
  entries: Map<string, Entry<Context>>;
  /** Counts notices: a lookup that saw a notice arrive while it ran is not kept, as it may predate the change. */
  generation: number;
};

/** Drops the entries a change makes stale and counts the notice. */
function dropChanged<Context>(state: CacheState<Context>, change: Change) {
  state.generation += 1;
  for (const [key, entry] of state.entries) {
    if ((change.s && entry.sessionId === change.s) || (change.u && entry.userId === change.u))
      state.entries.delete(key);
  }
}

/** Drops every entry, for a notice that cannot be read or a lost connection. */
function forgetAllEntries<Context>(state: CacheState<Context>) {
  state.generation += 1;
  state.entries.clear();
}

/** Follows the database's session change notices, dropping what each one makes stale. */
function followSessionChanges<Context>(state: CacheState<Context>) {
  return followChanges(
    SESSION_CHANGES_CHANNEL,
    (payload) => {
      try {
        dropChanged(state, JSON.parse(payload) as Change);
      } catch {
        forgetAllEntries(state);
      }
    },
    () => forgetAllEntries(state),
  );
}

/**
 * Resolved sessions kept in this process, keyed by the session token the request carried. Every instance listens
 * to the database's notices: a session signed out, revoked, refreshed or deleted, or a user changed or deleted, drops
 * the entries concerned on every instance as the change commits (a role granted or removed counts as a change of the
 * user; the roles themselves are kept by `keepRoles`). While the listening connection is not there, nothing is cached.
 */
export function createSessionCache<Context extends { session: { id: string; expiresAt: Date }; user: { id: string } }>({
  ttlMs = 30_000,
  maxEntries = 20_000,
  now = Date.now,
}: SessionCacheOptions = {}) {
  const state: CacheState<Context> = { entries: new Map(), generation: 0 };
  const { entries } = state;
  const follower = followSessionChanges(state);

  return {
    /** Starts listening; call once at start-up. While the connection is down (notices lost), nothing is cached. */
    start: (database: Database) => follower.start(database),
    stop: () => follower.stop(),

    /** The cached session for this token, if it is still good. */
    get(key: string): Context | undefined {
      return usableEntry(entries, key, now)?.context;
    },

    /** Marks the start of a lookup; hand the answer to `set` with it. */
    ticket: () => state.generation,

    /** Keeps a session just looked up (a signed-out answer is never kept), unless a notice came in meanwhile. */
    set(key: string, context: Context, ticket: number) {
      if (!follower.listening || ticket !== state.generation) return;
      keepEntry(entries, maxEntries, key, {
        context,
        sessionId: context.session.id,
        userId: context.user.id,
        expiresAt: new Date(context.session.expiresAt).getTime(),
        freshUntil: now() + ttlMs,
      });
    },

    /** Drops what a change makes stale, in this process only (the triggers tell every process). */
    drop: (change: Change) => dropChanged(state, change),
  };
}
export type SessionCache<Context extends { session: { id: string; expiresAt: Date }; user: { id: string } }> =
  ReturnType<typeof createSessionCache<Context>>;

/** The user a change notice names, as the key of caches kept per user; `*` (everything) when it names none. */
export function userOfChange(payload: string): string {
  try {
    return (JSON.parse(payload) as Change).u ?? '*';
  } catch {
    return '*';
  }
}

/**
 * The session token a request carries, as the key of its cache entry: the session cookie's value (signed token),
 * or the bearer token. Undefined when it carries neither; such a request is looked up normally.
 */
export function sessionKeyOf(headers: { cookie?: string; authorization?: string }): string | undefined {
  const cookie = headers.cookie ? /(?:^|;\s*)(?:__Secure-)?portal\.session_token=([^;]+)/.exec(headers.cookie) : null;
  const bearer = headers.authorization?.startsWith('Bearer ') ? headers.authorization.slice(7).trim() : undefined;
  if (cookie?.[1] && bearer) return undefined;
  if (cookie?.[1]) return `cookie:${cookie[1]}`;
  return bearer ? `bearer:${bearer}` : undefined;
}
