import type { ServerMessage } from '@portal/shared/realtime';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { App } from '../../app.ts';
import { asUser, signUpAdmin } from '../../testing/billing-factories.ts';
import { type SignedIn, signUpSubscribed } from '../../testing/factories.ts';
import { nextOf, realtimeTabs } from '../../testing/realtime-tabs.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';

/** The close code of the socket, once the server closes it. */
const closed = (socket: WebSocket) =>
  new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket stayed open')), 5000);
    socket.once('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });

describe.each(testTargets())('open tabs when an admin ends a user’s sessions on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;
  let admin: SignedIn;
  const tabs = realtimeTabs();

  beforeAll(async () => {
    ({ app, close } = await startTestApp(target));
    admin = await signUpAdmin(app);
    await tabs.listen(app);
  });
  afterEach(() => {
    tabs.closeAll();
  });
  afterAll(async () => {
    await close();
  });

  const act = (method: 'POST' | 'DELETE', url: string) => app.inject({ method, url, headers: asUser(admin) });

  it('suspending a user tells each of their open tabs at once and closes them; other users’ tabs stay open', async () => {
    const learner = await signUpSubscribed(app, 'calm');
    const bystander = await signUpSubscribed(app, 'calm');
    const first = await tabs.connect(learner);
    const second = await tabs.connect(learner);
    const other = await tabs.connect(bystander);
    const closes = [closed(first.socket), closed(second.socket)];

    expect((await act('POST', `/api/admin/users/${learner.userId}/suspend`)).statusCode).toBe(200);

    const expected: ServerMessage = { type: 'session_ended', reason: 'suspended' };
    expect(await nextOf(first, 'session_ended')).toEqual(expected);
    expect(await nextOf(second, 'session_ended')).toEqual(expected);
    expect(await Promise.all(closes)).toEqual([4401, 4401]);
    // A tab that tries again is refused: the sessions are gone.
    const again = tabs.openTab({ cookie: learner.cookie });
    expect(await closed(again.socket)).toBe(4401);
    // The bystander's tab is untouched and still answers.
    other.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await other.next()).toEqual({ type: 'pong' });
    expect(other.socket.readyState).toBe(other.socket.OPEN);
  });

  it('signing out all sessions and deleting the account end the open tabs with their own reason', async () => {
    for (const [method, path, reason] of [
      ['POST', '/sign-out', 'signed_out'],
      ['DELETE', '', 'deleted'],
    ] as const) {
      const learner = await signUpSubscribed(app, 'calm');
      const tab = await tabs.connect(learner);
      const closing = closed(tab.socket);
      expect((await act(method, `/api/admin/users/${learner.userId}${path}`)).statusCode, reason).toBe(200);
      expect(await nextOf(tab, 'session_ended')).toEqual({ type: 'session_ended', reason });
      expect(await closing).toBe(4401);
    }
  });
});
