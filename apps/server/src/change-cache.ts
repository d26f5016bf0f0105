import type { FastifyInstance } from 'fastify';
import type { Database, Unlisten } from './db/client.ts';

type Entry<Value> = { value: Value; freshUntil: number };

export type ChangeCacheOptions = {
  /** The channel database triggers notify with the key of what changed (`*`: everything). */
  channel: string;
  /** Even without a notice an entry is read again after this, so a lost notice cannot keep it forever. */
  ttlMs?: number;
  /** Most entries kept; the oldest go first. */
  maxEntries?: number;
  /** The key a notice drops, from its payload; a cache keyed otherwise than the notices answers `*`. */
  keyOf?: (payload: string) => string;
  /** Further channels whose notices drop entries too: the key each payload drops, or null for none. */
  alsoFollow?: { channel: string; keyOf: (payload: string) => string | null }[];
  now?: () => number;
};

/**
 * Follows a channel of change notices for a cache: `onNotice` for each payload, `forgetAll` whenever notices may have
 * been missed (the listening connection dropped, came back, or stopped). `listening` says whether the cache may keep
 * anything now.
 */
export function followChanges(channel: string, onNotice: (payload: string) => void, forgetAll: () => void) {
  let listening = false;
  let unlisten: Unlisten | null = null;
  return {
    get listening() {
      return listening;
    },
    async start(database: Database) {
      unlisten = await database.listen(channel, onNotice, {
        onLost: () => {
          listening = false;
          forgetAll();
        },
        onRestored: () => {
          forgetAll();
          listening = true;
        },
      });
      listening = true;
    },
    async stop() {
      listening = false;
      forgetAll();
      await unlisten?.();
      unlisten = null;
    },
  };
}

/** Follows each channel, dropping the key each notice names (or everything when notices may have been missed). */
const followEvery = (
  followed: readonly { channel: string; keyOf: (payload: string) => string | null }[],
  drop: (key: string) => void,
) =>
  followed.map((each) =>
    followChanges(
      each.channel,
      (payload) => {
        const key = each.keyOf(payload);
        if (key !== null) drop(key);
      },
      () => drop('*'),
    ),
  );

/** Keeps `entry` under `key` as the newest, letting the oldest go when `maxEntries` are kept. */
function keepEntry<Value>(entries: Map<string, Entry<Value>>, key: string, entry: Entry<Value>, maxEntries: number) {
  entries.delete(key);
  if (entries.size >= maxEntries) {
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
  entries.set(key, entry);
}

/**
 * Drops are numbered, so a read can tell whether its key was dropped while it ran: a busy instance hears other keys'
 * notices all the time, and they must not stop a read being kept. What was dropped when is remembered only while
 * reads are running (and for `maxKeys` keys at most; past that, as a drop of everything).
 */
function createDropLedger(maxKeys: number) {
  let generation = 0;
  let everythingDroppedAt = 0;
  const droppedAt = new Map<string, number>();
  let reading = 0;
  return {
    /** Numbers the drop of `key` (`*`: everything). */
    note(key: string) {
      generation += 1;
      if (key === '*' || droppedAt.size >= maxKeys) {
        everythingDroppedAt = generation;
        droppedAt.clear();
      }
      if (key !== '*' && reading > 0) droppedAt.set(key, generation);
    },
    /** Counts a read as running; its ticket. */
    startRead() {
      const ticket = generation;
      reading += 1;
      return ticket;
    },
    endRead() {
      reading -= 1;
    },
    droppedSince: (key: string, ticket: number) => everythingDroppedAt > ticket || (droppedAt.get(key) ?? 0) > ticket,
    /** Forgets what was dropped when once no read is running. */
    forgetIfIdle() {
      if (reading === 0) droppedAt.clear();
    },
  };
}

/**
 * Values read from the database and kept in this process until the database says they changed. Triggers notify
 * `channel` with the key as the change commits, so every instance drops its copy; the writing instance also drops
 * its own at once (`drop`), before it answers. A read that saw a notice arrive while it ran is not kept, as it may
 * predate the change. While the listening connection is down, nothing is kept.
 */
export function createChangeCache<Value>({
  channel,
  ttlMs = 60_000,
  maxEntries = 10_000,
  keyOf = (payload) => payload,
  alsoFollow = [],
  now = Date.now,
}: ChangeCacheOptions) {
  const entries = new Map<string, Entry<Value>>();
  const ledger = createDropLedger(maxEntries);
  const drop = (key: string) => {
    ledger.note(key);
    if (key === '*') entries.clear();
    else entries.delete(key);
  };
  const followers = followEvery([{ channel, keyOf }, ...alsoFollow], drop);
  const listening = () => followers.every((each) => each.listening);

  return {
    /** Starts listening; call once at start-up. Until then every read goes to the database. */
    start: async (database: Database) => {
      for (const each of followers) await each.start(database);
    },
    stop: async () => {
      for (const each of followers) await each.stop();
    },

    /** The kept value of `key`, or what `load` reads now (kept for the next caller; an undefined answer is not). */
    async get<Read extends Value | undefined>(key: string, load: () => Promise<Read>): Promise<Read> {
      const entry = entries.get(key);
      if (entry && now() < entry.freshUntil) return entry.value as Read;
      const ticket = ledger.startRead();
      let value: Read;
      try {
        value = await load();
      } finally {
        ledger.endRead();
      }
      const kept = value !== undefined && listening() && !ledger.droppedSince(key, ticket);
      ledger.forgetIfIdle();
      if (value !== undefined && kept) keepEntry(entries, key, { value, freshUntil: now() + ttlMs }, maxEntries);
      return value;
    },

    /** Drops `key` (or `*`, everything) in this process; the triggers tell the other instances. */
    drop,
  };
}
export type ChangeCache<Value> = ReturnType<typeof createChangeCache<Value>>;

/** A change cache that listens while the app runs: from `onReady` until `onClose`. */
export function appChangeCache<Value>(
  app: FastifyInstance,
  database: Database,
  options: ChangeCacheOptions,
): ChangeCache<Value> {
  const cache = createChangeCache<Value>(options);
  app.addHook('onReady', () => cache.start(database));
  app.addHook('onClose', () => cache.stop());
  return cache;
}

/**
 * `repository` with each of its `writes` (still called on it) calling `drop` with the write's arguments once the write
 * ends, whether it succeeded or not: this instance forgets what it kept before it answers (the triggers tell the other
 * instances).
 */
export function droppingAfterWrites<Repository extends object>(
  repository: Repository,
  writes: readonly (keyof Repository)[],
  drop: (...args: unknown[]) => void,
): Repository {
  const wrapped = { ...repository };
  for (const name of writes) {
    const write = repository[name] as (...args: unknown[]) => Promise<unknown>;
    Object.assign(wrapped, {
      [name]: async (...args: unknown[]) => {
        try {
          return await write.apply(repository, args);
        } finally {
          drop(...args);
        }
      },
    });
  }
  return wrapped;
}
