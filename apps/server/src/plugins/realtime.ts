import websocket from '@fastify/websocket';
import {
  type ClientMessage,
  clientMessageSchema,
  SESSION_ENDED_CLOSE_CODE,
  type ServerMessage,
} from '@portal/shared/realtime';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import type { Database, Notice, Unlisten } from '../db/client.ts';
import { AppError } from '../errors.ts';

export const REALTIME_CHANNEL = 'portal_realtime';
export const BETA_CHANNEL = 'beta_updates';

/** The largest client message (WebRTC session descriptions are a few KiB). */
const CLIENT_MESSAGE_MAX_BYTES = 64 * 1024;

type RoutedClientMessage = Exclude<ClientMessage, { type: 'ping' }>;
export type ClientMessageHandler = (userId: string, message: RoutedClientMessage) => Promise<void>;

/** What a notice carries: one message, or several for one user sent as one notice (`noticeToUser`). */
type Envelope = { userId?: string; channel?: typeof BETA_CHANNEL; message?: ServerMessage; messages?: ServerMessage[] };

export type Realtime = {
  /** Pushes to every open socket of this user, on every instance; `session_ended` then closes those sockets. */
  publishToUser(userId: string, message: ServerMessage): Promise<void>;
  /**
   * One notice of these messages for every open socket of this user, for a module to send with its own write (as
   * `pg_notify`), so they go out in order with no statement of their own, and only if the write commits.
   */
  noticeToUser(userId: string, messages: ServerMessage[]): Notice;
  /** Pushes to every open socket of a beta user, on every instance. */
  publishBeta(message: ServerMessage): Promise<void>;
  connectionCount(): number;
  /** Hands a module the client messages of one type (other than ping), with the sender's user id. */
  onClientMessage(type: RoutedClientMessage['type'], handler: ClientMessageHandler): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

type Client = { userId: string; socket: WebSocket };

/** The open sockets of this instance, found by user: a notice for one user does not look through everyone's. */
class Clients {
  private readonly byUser = new Map<string, Set<Client>>();
  private count = 0;

  add(client: Client) {
    const own = this.byUser.get(client.userId) ?? new Set<Client>();
    if (own.size === 0) this.byUser.set(client.userId, own);
    if (!own.has(client)) this.count += 1;
    own.add(client);
  }

  delete(client: Client) {
    const own = this.byUser.get(client.userId);
    if (!own?.delete(client)) return;
    this.count -= 1;
    if (own.size === 0) this.byUser.delete(client.userId);
  }

  ofUser(userId: string): Client[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  all(): Client[] {
    return [...this.byUser.values()].flatMap((own) => [...own]);
  }

  get size() {
    return this.count;
  }

  clear() {
    this.byUser.clear();
    this.count = 0;
  }
}

type BetaUsersAmong = (userIds: readonly string[]) => Promise<Set<string>>;

function sendTo(targets: Iterable<Client>, message: ServerMessage) {
  const data = JSON.stringify(message);
  for (const client of targets) {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(data);
  }
}

/** Hands each notice to the sockets of this instance it is for; beta deliveries are chained in `settled`. */
function createDelivery({
  clients,
  betaUsersAmong,
  log,
}: {
  clients: Clients;
  betaUsersAmong: BetaUsersAmong;
  log: FastifyBaseLogger;
}) {
  // Beta access is read when the message arrives, not when the socket opened, so a revoked user gets nothing
  // more and a newly granted one gets the next update. Beta deliveries run one after another to keep their order.
  let betaDeliveries = Promise.resolve();
  const deliverBeta = async (message: ServerMessage) => {
    const connected = clients.all();
    if (connected.length === 0) return;
    const beta = await betaUsersAmong([...new Set(connected.map((client) => client.userId))]);
    sendTo(
      connected.filter((client) => beta.has(client.userId)),
      message,
    );
  };
  const deliver = (envelope: Envelope) => {
    const messages = envelope.messages ?? (envelope.message ? [envelope.message] : []);
    if (envelope.userId) {
      const own = clients.ofUser(envelope.userId);
      for (const message of messages) sendTo(own, message);
      // The sessions behind these sockets are gone: the message goes first, then the socket closes for good.
      if (messages.some((message) => message.type === 'session_ended')) {
        for (const client of own) client.socket.close(SESSION_ENDED_CLOSE_CODE, 'Session ended');
      }
      return;
    }
    const [message] = messages;
    if (envelope.channel !== BETA_CHANNEL || !message) return;
    betaDeliveries = betaDeliveries
      .then(() => deliverBeta(message))
      .catch((error: unknown) => log.warn({ err: error }, 'beta update not delivered'));
  };
  return { deliver, settled: () => betaDeliveries };
}

/** A client message worth handling: valid JSON matching the schema; null otherwise. */
function parseClientMessage(raw: unknown): ClientMessage | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(raw));
  } catch {
    return null;
  }
  const message = clientMessageSchema.safeParse(parsed);
  return message.success ? message.data : null;
}

/** The socket's message listener: answers pings and hands the rest to the module that handles their type. */
function createMessageListener({
  socket,
  userId,
  handlers,
  log,
}: {
  socket: WebSocket;
  userId: string;
  handlers: Map<string, ClientMessageHandler>;
  log: FastifyBaseLogger;
}) {
  let handling = Promise.resolve();
  return (raw: unknown) => {
    const data = parseClientMessage(raw);
    if (!data) return;
    if (data.type === 'ping') {
      socket.send(JSON.stringify({ type: 'pong' }));
      return;
    }
    const handler = handlers.get(data.type);
    if (!handler) return;
    // One socket's messages are handled in the order they came (a call's offer before its candidates).
    handling = handling
      .then(() => handler(userId, data))
      .catch((error: unknown) => {
        log.warn({ err: error, type: data.type }, 'client message not handled');
      });
  };
}

// Cross-site WebSocket hijacking: a page of another site may open a socket that carries the user's cookie, so an
// upgrade naming another origin is refused before it happens. Browsers always send Origin; other clients need not.
function refuseForeignOrigin(appOrigin: string) {
  return async (request: FastifyRequest) => {
    const { origin } = request.headers;
    if (origin !== undefined && origin !== appOrigin) {
      throw new AppError('csrf_rejected', `Realtime connections are accepted only from pages of ${appOrigin}.`);
    }
  };
}

type RealtimeRouteDeps = {
  appOrigin: string;
  clients: Clients;
  handlers: Map<string, ClientMessageHandler>;
  betaUsersAmong: BetaUsersAmong;
};

function registerRealtimeRoute(
  app: FastifyInstance,
  { appOrigin, clients, handlers, betaUsersAmong }: RealtimeRouteDeps,
) {
  // Open to the upgrade: a signed-out socket is closed with 4401, which the client reads as "sign in again".
  const access = { role: 'anonymous', feature: null } as const;
  const route = {
    websocket: true,
    onRequest: refuseForeignOrigin(appOrigin),
    config: { access },
    schema: { hide: true },
  } as const;
  app.get('/api/realtime', route, async (socket, request) => {
    const context = await request.loadAuth();
    if (!context) {
      socket.close(4401, 'User not authenticated');
      return;
    }
    const beta = await betaUsersAmong([context.user.id])
      .then((found) => found.has(context.user.id))
      .catch(() => false);
    // The socket may have closed while the session and profile were looked up.
    if (socket.readyState !== socket.OPEN) return;
    const client: Client = { userId: context.user.id, socket };
    clients.add(client);
    socket.on('close', () => clients.delete(client));
    socket.on('message', createMessageListener({ socket, userId: context.user.id, handlers, log: app.log }));
    const ready: ServerMessage = {
      type: 'ready',
      userId: context.user.id,
      channels: beta ? [`user:${context.user.id}`, BETA_CHANNEL] : [`user:${context.user.id}`],
    };
    socket.send(JSON.stringify(ready));
  });
}

/** One notice of several messages for one user's sockets (`Realtime.noticeToUser`). */
const userNotice = (userId: string, messages: ServerMessage[]): Notice => ({
  channel: REALTIME_CHANNEL,
  payload: JSON.stringify({ userId, messages } satisfies Envelope),
});

/** WebSocket endpoint plus fan-out through PostgreSQL LISTEN/NOTIFY so every instance reaches its own sockets. */
export const realtimePlugin = fp(
  async (
    app: FastifyInstance,
    {
      database,
      betaUsersAmong,
      publicUrl,
    }: {
      database: Database;
      /** Which of these users have beta access at this moment; asked at every beta delivery. */
      betaUsersAmong: BetaUsersAmong;
      publicUrl: string;
    },
  ) => {
    const appOrigin = new URL(publicUrl).origin;
    await app.register(websocket, { options: { maxPayload: CLIENT_MESSAGE_MAX_BYTES } });
    const clients = new Clients();
    const clientMessageHandlers = new Map<string, ClientMessageHandler>();
    const delivery = createDelivery({ clients, betaUsersAmong, log: app.log });

    let unlisten: Unlisten | null = await database.listen(REALTIME_CHANNEL, (payload) => {
      try {
        delivery.deliver(JSON.parse(payload) as Envelope);
      } catch (error) {
        app.log.warn({ err: error }, 'dropped malformed realtime payload');
      }
    });

    const publish = (envelope: Envelope) => database.notify(REALTIME_CHANNEL, JSON.stringify(envelope));
    app.decorate('realtime', {
      publishToUser: (userId, message) => publish({ userId, message }),
      noticeToUser: userNotice,
      publishBeta: (message) => publish({ channel: BETA_CHANNEL, message }),
      connectionCount: () => clients.size,
      onClientMessage: (type, handler) => {
        clientMessageHandlers.set(type, handler);
      },
    } satisfies Realtime);

    registerRealtimeRoute(app, { appOrigin, clients, handlers: clientMessageHandlers, betaUsersAmong });

    app.addHook('preClose', async () => {
      for (const client of clients.all()) client.socket.close(1012, 'Server restarting, reconnect');
      clients.clear();
      await unlisten?.();
      unlisten = null;
      await delivery.settled();
    });
  },
  { name: 'realtime', dependencies: ['auth'] },
);
