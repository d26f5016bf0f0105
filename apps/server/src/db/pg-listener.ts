import pg from 'pg';

export type ListenEvents = { onLost?: () => void; onRestored?: () => void };
type Subscriber = { onPayload: (payload: string) => void; events: ListenEvents };

/** A dropped LISTEN connection is tried again this often. */
const RELISTEN_EVERY_MS = 1_000;

/** The listener's one connection, the channels it listens on with their subscribers, and whether it was closed. */
type ListenerState = {
  url: string;
  channels: Map<string, Set<Subscriber>>;
  client: pg.Client | null;
  connecting: Promise<pg.Client> | null;
  closed: boolean;
};

const everySubscriber = (state: ListenerState) =>
  [...state.channels.values()].flatMap((subscribers) => [...subscribers]);

const listenSql = (channel: string) => `listen ${pg.escapeIdentifier(channel)}`;

/** Opens a connection listening on every channel followed now; when it ends, subscribers hear `onLost`. */
async function open(state: ListenerState): Promise<pg.Client> {
  const next = new pg.Client({ connectionString: state.url });
  // A terminated connection emits 'error'; unhandled, it would end the process. 'end' follows it.
  next.on('error', () => undefined);
  next.on('notification', (message) => {
    if (message.payload === undefined) return;
    for (const subscriber of state.channels.get(message.channel) ?? []) subscriber.onPayload(message.payload);
  });
  try {
    await next.connect();
    for (const channel of state.channels.keys()) await next.query(listenSql(channel));
  } catch (error) {
    await next.end().catch(() => undefined);
    throw error;
  }
  next.once('end', () => {
    if (state.closed || state.client !== next) return;
    state.client = null;
    for (const subscriber of everySubscriber(state)) subscriber.events.onLost?.();
    retry(state);
  });
  return next;
}

/** Opens the connection again after `RELISTEN_EVERY_MS`, until it opens; subscribers then hear `onRestored`. */
function retry(state: ListenerState) {
  setTimeout(() => {
    if (state.closed) return;
    connected(state).then(
      () => {
        for (const subscriber of everySubscriber(state)) subscriber.events.onRestored?.();
      },
      () => retry(state),
    );
  }, RELISTEN_EVERY_MS).unref();
}

/** The open connection, opening it first if needed (one opening at a time). */
function connected(state: ListenerState): Promise<pg.Client> {
  if (state.client) return Promise.resolve(state.client);
  state.connecting ??= open(state).then(
    (opened) => {
      state.connecting = null;
      if (state.closed) {
        void opened.end().catch(() => undefined);
        throw new Error('The database listener is closed');
      }
      state.client = opened;
      return opened;
    },
    (error: unknown) => {
      state.connecting = null;
      throw error;
    },
  );
  return state.connecting;
}

/** Subscribes to `channel`; resolves once the LISTEN is in place. The answer unsubscribes. */
async function listenOn(state: ListenerState, channel: string, subscriber: Subscriber) {
  const { channels } = state;
  const fresh = !channels.has(channel);
  const subscribers = channels.get(channel) ?? new Set<Subscriber>();
  subscribers.add(subscriber);
  channels.set(channel, subscribers);
  try {
    const current = await connected(state);
    // A connection opened for this call already listens on the channel; LISTEN twice does no harm either way.
    if (fresh) await current.query(listenSql(channel));
  } catch (error) {
    subscribers.delete(subscriber);
    if (subscribers.size === 0) channels.delete(channel);
    throw error;
  }
  return async () => {
    subscribers.delete(subscriber);
    if (subscribers.size > 0 || channels.get(channel) !== subscribers) return;
    channels.delete(channel);
    await state.client?.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
  };
}

/**
 * One connection that LISTENs on every channel this process follows (sessions, realtime, kept rows), rather than one
 * connection per channel. When it drops, every subscriber hears `onLost`; it is opened again every second, LISTENs
 * on the channels again, and every subscriber hears `onRestored` (notices sent in between are missed).
 */
export function createPgListener(url: string) {
  const state: ListenerState = { url, channels: new Map(), client: null, connecting: null, closed: false };
  return {
    /** Subscribes to `channel`; resolves once the LISTEN is in place. The answer unsubscribes. */
    listen: (channel: string, onPayload: (payload: string) => void, events: ListenEvents = {}) =>
      listenOn(state, channel, { onPayload, events }),
    async close() {
      state.closed = true;
      const current = state.client;
      state.client = null;
      state.channels.clear();
      await current?.end().catch(() => undefined);
    },
  };
}
