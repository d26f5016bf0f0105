import pg from 'pg';

export type ListenEvents = { onLost?: () => void; onRestored?: () => void };
type Subscriber = { onPayload: (payload: string) => void; events: ListenEvents };

/** A dropped LISTEN connection is tried again this often. */
const RELISTEN_EVERY_MS = 1_000;

/**
 * One connection that LISTENs on every channel this process follows (sessions, realtime, kept rows), rather than one
 * connection per channel. When it drops, every subscriber hears `onLost`; it is opened again every second, LISTENs
 * on the channels again, and every subscriber hears `onRestored` (notices sent in between are missed).
 */
export function createPgListener(url: string) {
  const channels = new Map<string, Set<Subscriber>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;

  const everySubscriber = () => [...channels.values()].flatMap((subscribers) => [...subscribers]);

  async function open(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString: url });
    // A terminated connection emits 'error'; unhandled, it would end the process. 'end' follows it.
    next.on('error', () => undefined);
    next.on('notification', (message) => {
      if (message.payload === undefined) return;
      for (const subscriber of channels.get(message.channel) ?? []) subscriber.onPayload(message.payload);
    });
    try {
      await next.connect();
      for (const channel of channels.keys()) await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    next.once('end', () => {
      if (closed || client !== next) return;
      client = null;
      for (const subscriber of everySubscriber()) subscriber.events.onLost?.();
      retry();
    });
    return next;
  }

  function retry() {
    setTimeout(() => {
      if (closed) return;
      connected().then(() => {
        for (const subscriber of everySubscriber()) subscriber.events.onRestored?.();
      }, retry);
    }, RELISTEN_EVERY_MS).unref();
  }

  /** The open connection, opening it first if needed (one opening at a time). */
  function connected(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= open().then(
      (opened) => {
        connecting = null;
        if (closed) {
          void opened.end().catch(() => undefined);
          throw new Error('The database listener is closed');
        }
        client = opened;
        return opened;
      },
      (error: unknown) => {
        connecting = null;
        throw error;
      },
    );
    return connecting;
  }

  return {
    /** Subscribes to `channel`; resolves once the LISTEN is in place. The answer unsubscribes. */
    async listen(channel: string, onPayload: (payload: string) => void, events: ListenEvents = {}) {
      const subscriber: Subscriber = { onPayload, events };
      const fresh = !channels.has(channel);
      const subscribers = channels.get(channel) ?? new Set<Subscriber>();
      subscribers.add(subscriber);
      channels.set(channel, subscribers);
      try {
        const current = await connected();
        // A connection opened for this call already listens on the channel; LISTEN twice does no harm either way.
        if (fresh) await current.query(`listen ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        subscribers.delete(subscriber);
        if (subscribers.size === 0) channels.delete(channel);
        throw error;
      }
      return async () => {
        subscribers.delete(subscriber);
        if (subscribers.size > 0 || channels.get(channel) !== subscribers) return;
        channels.delete(channel);
        await client?.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      const current = client;
      client = null;
      channels.clear();
      await current?.end().catch(() => undefined);
    },
  };
}
