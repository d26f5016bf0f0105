import type { SaveState } from './protocol';

/** What a sent commit got back: the HTTP status (0 when the request failed) and the parsed body. */
export type CommitResponse = { status: number; body: { message?: string; taken_over?: boolean } | null };
export type CommitSend = (body: string, keepalive: boolean) => Promise<CommitResponse>;

/** Browsers refuse keepalive bodies above 64 KiB in flight; stay under it with room for headers. */
export const KEEPALIVE_LIMIT = 60_000;
/** Unsaved changes are sent at the latest this long after the first of them. */
export const AUTOSAVE_MS = 10_000;
const RETRY_MS = [1_000, 2_000, 4_000, 8_000, 15_000];
/** While sends fail, what the content changed is kept (`keep`) at most this often. */
export const KEEP_MS = 1_000;

type Snapshot = { cmi?: Record<string, unknown> } & Record<string, unknown>;

const retriable = (status: number) => status === 0 || status === 408 || status === 429 || status >= 500;

/**
 * Keeps one SCO attempt's data on the server. Every commit carries the full data the content holds and a number one
 * higher than the last, so the server stores them in order and ignores a late one. Commits never overlap: a burst of
 * changes while one is on its way leaves one more to send, with everything changed by then. A failed send is retried
 * (with newer data when there is some) until the server answers; a refusal is final. On page close the last
 * unsaved data leaves in a keepalive request holding only what changed since the stored copy. Once the attempt was
 * opened again elsewhere and saved from there (the server answers `taken_over`), nothing more is sent from here.
 * With `keep`, every commit is handed over as it leaves, and while sends fail so is what the content changes since,
 * to be kept outside the page until `answered` says the server answered it: a page closed offline loses nothing.
 */
export function createCommitQueue({
  scoId,
  startSequence,
  launch = 0,
  snapshot,
  send,
  onState,
  keep,
  answered,
  autosaveMs = AUTOSAVE_MS,
  retryMs = RETRY_MS,
}: {
  scoId: string;
  /** The number of the attempt's last stored commit. */
  startSequence: number;
  /** The launch this page runs as (`launch` of the attempt's start); every commit carries it. */
  launch?: number;
  /** What the content holds now; `keeping` when it is only kept, not sent (so nothing meant for a send is used up). */
  snapshot: (options?: { keeping: boolean }) => Snapshot;
  send: CommitSend;
  onState?: (state: SaveState, message?: string) => void;
  /** A commit as it leaves, or the next one while sends fail: kept elsewhere until answered. */
  keep?: (commit: { sequence: number; body: string }) => void;
  /** The server answered the commit with this number (stored or refused): it and older ones need no keeping. */
  answered?: (sequence: number) => void;
  autosaveMs?: number;
  retryMs?: number[];
}) {
  let sequence = startSequence;
  /** Counts changes and save requests; `stored` is the count the last stored commit covered. */
  let version = 0;
  let stored = 0;
  let terminate = false;
  let closed = false;
  /** A later launch of the attempt stored a commit: this page stores nothing more. */
  let takenOver = false;
  /** The change count the last keepalive sent on close covered. */
  let closedAt = -1;
  let inflight: Promise<void> | null = null;
  let inflightCmi: Record<string, unknown> | null = null;
  let storedCmi: Record<string, unknown> | null = null;
  let autosave: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let wakeRetry: (() => void) | null = null;
  /** The last send failed: changes are kept as they come (`keepChanges`). */
  let failing = false;
  let keepTimer: ReturnType<typeof setTimeout> | undefined;
  const waiters: Array<{ version: number; resolve: () => void }> = [];

  const settle = () => {
    for (let index = waiters.length - 1; index >= 0; index -= 1) {
      const waiter = waiters[index];
      if (waiter && waiter.version <= stored) {
        waiters.splice(index, 1);
        waiter.resolve();
      }
    }
  };

  const bodyOf = (data: Snapshot, number: number, unchanged: string[] = []) => {
    const cmi = { ...(data.cmi ?? {}) };
    for (const key of unchanged) delete cmi[key];
    return JSON.stringify({
      ...data,
      cmi,
      sco_id: scoId,
      sequence: number,
      launch,
      terminate,
      ...(unchanged.length > 0 ? { unchanged } : {}),
    });
  };

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      wakeRetry = resolve;
      retryTimer = setTimeout(resolve, ms);
    });

  const deliver = async () => {
    let failures = 0;
    while (version > stored && !closed) {
      const covers = version;
      const data = snapshot();
      const number = ++sequence;
      const body = bodyOf(data, number);
      inflightCmi = data.cmi ?? null;
      keep?.({ sequence: number, body });
      onState?.('saving');
      const response = await send(body, body.length <= KEEPALIVE_LIMIT).catch(
        (): CommitResponse => ({ status: 0, body: null }),
      );
      if (closed) return;
      if (retriable(response.status)) {
        failing = true;
        onState?.('retrying');
        await wait(retryMs[Math.min(failures, retryMs.length - 1)] ?? 1_000);
        failures += 1;
        continue;
      }
      failures = 0;
      failing = false;
      answered?.(number);
      if (response.status === 409 && response.body?.taken_over) {
        takenOver = true;
        closed = true;
        stored = version;
        settle();
        onState?.('taken-over');
        return;
      }
      // 200 stored; 409 a newer commit is stored already. Anything else is a refusal that a retry would repeat.
      const ok = response.status === 200 || response.status === 409;
      stored = Math.max(stored, covers);
      if (ok) storedCmi = data.cmi ?? null;
      inflightCmi = null;
      settle();
      onState?.(ok ? (version > stored ? 'saving' : 'saved') : 'refused', ok ? undefined : response.body?.message);
    }
  };

  const kick = () => {
    if (inflight || closed) return;
    inflight = deliver().finally(() => {
      inflight = null;
      if (version > stored) kick();
    });
  };

  const isUnchanged = (key: string, value: unknown) => {
    const json = JSON.stringify(value);
    if (storedCmi === null || JSON.stringify(storedCmi[key]) !== json) return false;
    return inflightCmi === null || JSON.stringify(inflightCmi[key]) === json;
  };

  /**
   * The page is going away: unless everything is stored, send the current data once more in a keepalive
   * request (the browser delivers it after the page is gone), leaving out parts the stored copy already has.
   * Called again (the content ends its session while it unloads), it sends again only if something changed.
   */
  const close = (options: { terminate?: boolean } = {}) => {
    if (takenOver) return;
    const ending = Boolean(options.terminate) && !terminate;
    if (options.terminate) terminate = true;
    clearTimeout(autosave);
    clearTimeout(retryTimer);
    closed = true;
    if (ending) version += 1;
    if (version === closedAt || (version === stored && !inflight)) return;
    closedAt = version;
    const data = snapshot();
    const number = ++sequence;
    const unchanged = Object.entries(data.cmi ?? {})
      .filter(([key, value]) => isUnchanged(key, value))
      .map(([key]) => key);
    const body = bodyOf(data, number, unchanged);
    keep?.({ sequence: number, body: unchanged.length > 0 ? bodyOf(data, number) : body });
    void send(body, body.length <= KEEPALIVE_LIMIT).catch(() => undefined);
  };

  /** While sends fail, what the content holds now is kept as the next commit would carry it (at most every second). */
  const keepChanges = () => {
    if (!keep || !failing || keepTimer !== undefined || closed) return;
    keepTimer = setTimeout(() => {
      keepTimer = undefined;
      if (failing && !closed) keep({ sequence: sequence + 1, body: bodyOf(snapshot({ keeping: true }), sequence + 1) });
    }, KEEP_MS);
  };

  return {
    /** The content changed its data: it is sent with the next commit, or by the autosave. */
    changed() {
      version += 1;
      keepChanges();
      if (autosave === undefined && !closed) {
        autosave = setTimeout(() => {
          autosave = undefined;
          kick();
        }, autosaveMs);
      }
    },
    /** Sends what the content holds now; resolves once it is stored (or was refused). */
    save(options: { terminate?: boolean } = {}): Promise<void> {
      if (closed) {
        close(options);
        return Promise.resolve();
      }
      if (options.terminate) terminate = true;
      version += 1;
      clearTimeout(autosave);
      autosave = undefined;
      const done = new Promise<void>((resolve) => waiters.push({ version, resolve }));
      if (wakeRetry) {
        clearTimeout(retryTimer);
        wakeRetry();
        wakeRetry = null;
      }
      kick();
      return done;
    },
    /** Resolves once everything changed so far is stored (or refused), sending nothing new when nothing changed. */
    flush(): Promise<void> {
      if (closed || version <= stored) return Promise.resolve();
      const done = new Promise<void>((resolve) => waiters.push({ version, resolve }));
      kick();
      return done;
    },
    /** The network is back: retry now rather than after the back-off. */
    retryNow() {
      if (!wakeRetry) return;
      clearTimeout(retryTimer);
      wakeRetry();
      wakeRetry = null;
    },
    close,
    /** The page came back from the back-forward cache: keep saving as before. */
    reopen() {
      if (takenOver) return;
      closed = false;
      closedAt = -1;
      kick();
    },
    /** Everything asked for so far is stored (or refused). */
    get settled() {
      return version === stored;
    },
  };
}
export type CommitQueue = ReturnType<typeof createCommitQueue>;
