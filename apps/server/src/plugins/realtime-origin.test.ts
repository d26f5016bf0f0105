import type { IncomingMessage } from 'node:http';
import type { ServerMessage } from '@portal/shared/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { App } from '../app.ts';
import { signUpAndConfirm } from '../testing/factories.ts';
import { startTestApp, testTargets } from '../testing/test-app.ts';

const APP_ORIGIN = 'http://localhost:3000';

type Outcome = { refused: number } | { first: ServerMessage };

/** Opens a socket as a page of `origin` would and reports the handshake's refusal or the first message. */
function connect(url: string, headers: Record<string, string>): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    const timer = setTimeout(() => reject(new Error('no answer to the upgrade')), 5000);
    socket.on('unexpected-response', (_request, response: IncomingMessage) => {
      clearTimeout(timer);
      resolve({ refused: response.statusCode ?? 0 });
      response.resume();
      socket.terminate();
    });
    socket.on('message', (raw) => {
      clearTimeout(timer);
      resolve({ first: JSON.parse(String(raw)) as ServerMessage });
      socket.close();
    });
    socket.on('error', (error) => {
      if (!error.message.includes('Unexpected server response')) reject(error);
    });
  });
}

describe.each(testTargets())('the realtime socket and the Origin of the page on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;
  let url: string;
  let cookie: string;

  beforeAll(async () => {
    const started = await startTestApp(target);
    app = started.app;
    close = started.close;
    cookie = (await signUpAndConfirm(app)).cookie;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('app is not listening on a port');
    url = `ws://127.0.0.1:${address.port}/api/realtime`;
  });
  afterAll(async () => {
    await close();
  });

  it.each(['https://evil.example', 'http://evil.localhost:3000', 'null'])(
    "a page of %s cannot open a socket with the user's cookie (the upgrade is refused with 403)",
    async (origin) => {
      expect(await connect(url, { cookie, origin })).toEqual({ refused: 403 });
    },
  );

  it("a page of the app's own origin gets its channels", async () => {
    const outcome = await connect(url, { cookie, origin: APP_ORIGIN });
    expect(outcome).toMatchObject({ first: { type: 'ready' } });
  });
});
