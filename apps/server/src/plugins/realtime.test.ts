import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import type { Database } from '../db/client.ts';
import { profiles } from '../modules/profile/profile.table.ts';
import { signUpAndConfirm } from '../testing/factories.ts';
import { realtimeTabs } from '../testing/realtime-tabs.ts';
import { startSiblingApp, startTestApp, testTargets } from '../testing/test-app.ts';

describe.each(testTargets())('realtime on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  const tabs = realtimeTabs();
  const { openTab, connect } = tabs;

  beforeAll(async () => {
    const started = await startTestApp(target);
    app = started.app;
    database = started.database;
    close = started.close;
    await tabs.listen(app);
  });
  afterEach(() => {
    tabs.closeAll();
  });
  afterAll(async () => {
    await close();
  });

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

  it("one notice of several messages, sent with a write, reaches each tab of that user in order and no one else's", async () => {
    const alice = await signUpAndConfirm(app);
    const bob = await signUpAndConfirm(app);
    const aliceTabs = [await connect(alice), await connect(alice)];
    const bobTab = await connect(bob);
    const notice = app.realtime.noticeToUser(alice.userId, [
      { type: 'table_change', table: 'user_xp' },
      { type: 'table_change', table: 'achievements' },
    ]);

    await database.notify(notice.channel, notice.payload);
    await app.realtime.publishToUser(bob.userId, { type: 'subscription_change' });

    for (const tab of aliceTabs) {
      expect(await tab.next()).toEqual({ type: 'table_change', table: 'user_xp' });
      expect(await tab.next()).toEqual({ type: 'table_change', table: 'achievements' });
    }
    // Bob's first message is his own: nothing of Alice's notice reached him.
    expect(await bobTab.next()).toEqual({ type: 'subscription_change' });
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
      id: '00000000-0000-4000-8000-000000000001',
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
