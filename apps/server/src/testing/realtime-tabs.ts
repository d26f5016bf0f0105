import type { ServerMessage } from '@portal/shared/realtime';
import { WebSocket } from 'ws';
import type { App } from '../app.ts';

const WAIT_MS = 5000;

/** A browser tab's realtime connection, with the messages it received in order. */
export type Tab = { socket: WebSocket; next(): Promise<ServerMessage> };

/** A tab connected to `url`, kept in `open` so it can be closed. */
function openTabAt(url: string, open: WebSocket[], headers: Record<string, string>): Tab {
  const socket = new WebSocket(url, { headers });
  open.push(socket);
  const received: ServerMessage[] = [];
  const waiting: Array<(message: ServerMessage) => void> = [];
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as ServerMessage;
    const resolve = waiting.shift();
    if (resolve) resolve(message);
    else received.push(message);
  });
  return {
    socket,
    next: () => {
      const queued = received.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no realtime message arrived')), WAIT_MS);
        waiting.push((message) => {
          clearTimeout(timer);
          resolve(message);
        });
      });
    },
  };
}

type Of<Type extends ServerMessage['type']> = Extract<ServerMessage, { type: Type }>;

/**
 * The tab's next message of this type, skipping others: presence changes, and a plan change pushed at sign-up whose
 * notification can reach the tab after it connected.
 */
export async function nextOf<Type extends ServerMessage['type']>(tab: Tab, type: Type): Promise<Of<Type>> {
  for (;;) {
    const message = await tab.next();
    if (message.type === type) return message as Of<Type>;
  }
}

/** `tab` once the server said it is ready for this signed-in user. */
async function whenReady(tab: Tab, user: { userId: string; cookie: string }): Promise<Tab> {
  const ready = await tab.next();
  if (ready.type !== 'ready' || ready.userId !== user.userId) {
    throw new Error(`expected ready for ${user.userId}, got ${JSON.stringify(ready)}`);
  }
  return tab;
}

/**
 * Opens realtime connections to a listening app as browser tabs would; `closeAll` in afterEach.
 * Call `listen` once the app is listening.
 */
export function realtimeTabs() {
  let url = '';
  const open: WebSocket[] = [];
  const openTab = (headers: Record<string, string> = {}): Tab => openTabAt(url, open, headers);

  return {
    /** Listens on a free local port and points new tabs at it. */
    async listen(app: App) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('app is not listening on a port');
      url = `ws://127.0.0.1:${address.port}/api/realtime`;
    },
    openTab,
    /** A tab of this signed-in user, once the server said it is ready. */
    connect: (user: { userId: string; cookie: string }) => whenReady(openTab({ cookie: user.cookie }), user),
    closeAll() {
      for (const socket of open.splice(0)) socket.close();
    },
  };
}
