import type { ServerMessage } from '@portal/shared/realtime';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { App } from '../app.ts';
import type { Database } from '../db/client.ts';
import { profiles } from '../modules/profile/profile.table.ts';
import { type SignedIn, signUpAndConfirm } from '../testing/factories.ts';
import { startSiblingApp, startTestApp, testTargets } from '../testing/test-app.ts';

const WAIT_MS = 5000;

/** A browser tab's realtime connection, with the messages it received in order. */
type Tab = { socket: WebSocket; next(): Promise<ServerMessage> };

describe.each(testTargets())('realtime on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let url: string;
  const openTabs: WebSocket[] = [];

  beforeAll(async () => {
    const started = await startTestApp(target);
    app = started.app;
    database = started.database;
    close = started.close;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('app is not listening on a port');
    url = `ws://127.0.0.1:${address.port}/api/realtime`;
  });
  afterEach(() => {
    for (const socket of openTabs.splice(0)) socket.close();
  });
  afterAll(async () => {
    await close();
  });

  function openTab(headers: Record<string, string> = {}): Tab {
    const socket = new WebSocket(url, { headers });
    openTabs.push(socket);
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

  async function connect(user: SignedIn): Promise<Tab> {
    const tab = openTab({ cookie: user.cookie });
    expect(await tab.next()).toMatchObject({ type: 'ready', userId: user.userId });
    return tab;
  }

  it('a signed-in tab is told it is ready on its own channel', async () => {
    const user = await signUpAndConfirm(app);
    const tab = openTab({ cookie: user.cookie });

    expect(await tab.next()).toEqual({ type: 'ready', userId: user.userId, channels: [`user:${user.userId}`] });
  });

  it("a push to one user reaches every tab of that user and no one else's", async () => {
    const alice = await signUpAndConfirm(app);
    const bob = await signUpAndConfirm(app);
    const aliceTabs = [await connect(alice), await connect(alice)];
    const bobTab = await connect(bob);

    await app.realtime.publishToUser(alice.userId, { type: 'subscription_change' });
    await app.realtime.publishToUser(bob.userId, { type: 'table_change', table: 'streaks' });

    for (const tab of aliceTabs) expect(await tab.next()).toEqual({ type: 'subscription_change' });
    expect(await bobTab.next()).toEqual({ type: 'table_change', table: 'streaks' });
  });

  it('choosing a plan tells the open tabs to refresh the subscription', async () => {
    const user = await signUpAndConfirm(app);
    const tab = await connect(user);

    const checkout = await app.inject({
      method: 'POST',
      url: '/api/subscription/checkout',
      headers: { cookie: user.cookie },
      payload: { tier: 'calm' },
    });
    expect(checkout.statusCode).toBe(200);

    expect(await tab.next()).toEqual({ type: 'subscription_change' });
  });

  it('beta updates reach beta users only', async () => {
    const tester = await signUpAndConfirm(app);
    const regular = await signUpAndConfirm(app);
    await database.db.update(profiles).set({ betaAccess: true }).where(eq(profiles.id, tester.userId));

    const testerTab = openTab({ cookie: tester.cookie });
    expect(await testerTab.next()).toMatchObject({
      type: 'ready',
      channels: [`user:${tester.userId}`, 'beta_updates'],
    });
    const regularTab = await connect(regular);

    const update = {
      title: 'New',
      message: 'Flashcards are faster',
      type: 'feature',
      timestamp: new Date().toISOString(),
    };
    await app.realtime.publishBeta({ type: 'beta_update', payload: update });
    await app.realtime.publishToUser(regular.userId, { type: 'subscription_change' });

    expect(await testerTab.next()).toEqual({ type: 'beta_update', payload: update });
    expect(await regularTab.next()).toEqual({ type: 'subscription_change' });
  });

  it('a push published by another server instance reaches the tabs open on this one', async () => {
    const other = await startSiblingApp(database);
    try {
      const user = await signUpAndConfirm(app);
      const tab = await connect(user);

      await other.realtime.publishToUser(user.userId, { type: 'table_change', table: 'user_xp' });

      expect(await tab.next()).toEqual({ type: 'table_change', table: 'user_xp' });
    } finally {
      await other.close();
    }
  });

  it('a ping is answered with a pong; junk is ignored', async () => {
    const tab = await connect(await signUpAndConfirm(app));

    tab.socket.send('not json');
    tab.socket.send(JSON.stringify({ type: 'shout' }));
    tab.socket.send(JSON.stringify({ type: 'ping' }));

    expect(await tab.next()).toEqual({ type: 'pong' });
  });

  it('a tab without a session is closed with 4401', async () => {
    const tab = openTab();

    const [code, reason] = await new Promise<[number, string]>((resolve) =>
      tab.socket.on('close', (closeCode, closeReason) => resolve([closeCode, String(closeReason)])),
    );
    expect(code).toBe(4401);
    expect(reason).toBe('User not authenticated');
  });

  it('a tab with a broken session cookie is closed with 4401', async () => {
    const tab = openTab({ cookie: 'portal.session_token=broken' });

    const code = await new Promise<number>((resolve) => tab.socket.on('close', (closeCode) => resolve(closeCode)));
    expect(code).toBe(4401);
  });

  it('a closed tab is forgotten', async () => {
    const user = await signUpAndConfirm(app);
    const before = app.realtime.connectionCount();
    const tab = await connect(user);
    expect(app.realtime.connectionCount()).toBe(before + 1);

    await new Promise<void>((resolve) => {
      tab.socket.on('close', () => resolve());
      tab.socket.close();
    });
    await expect.poll(() => app.realtime.connectionCount()).toBe(before);
  });
});
