import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { cookieHeaderFrom, getMe, signUpAndConfirm, TEST_PASSWORD } from '../../testing/factories.ts';
import { startSiblingApp, startTestApp, testTargets } from '../../testing/test-app.ts';
import { within } from '../../testing/within.ts';
import { users } from './auth.table.ts';
import { createRolesRepository } from './roles.repository.ts';
import { userRoles } from './roles.table.ts';
import { createSessionCache, sessionKeyOf } from './session-cache.ts';

type Me = { me: { user: { id: string; name: string }; role: string } | null };

describe.each(testTargets())('cached sessions across two instances on $name', (target) => {
  let a: App;
  let b: App;
  let database: Database;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const started = await startTestApp(target);
    ({ database, close } = started);
    a = started.app;
    b = await startSiblingApp(database);
  });
  afterAll(async () => {
    await b.close();
    await close();
  });

  const meOn = async (app: App, cookie: string) => (await getMe(app, { cookie })).json<Me>().me;

  it('a session signed out on one instance is refused on the other within a second', async () => {
    const user = await signUpAndConfirm(a);
    // B has looked the session up and keeps it.
    expect((await meOn(b, user.cookie))?.user.id).toBe(user.userId);
    expect((await meOn(b, user.cookie))?.user.id).toBe(user.userId);

    const out = await a.inject({ method: 'POST', url: '/api/account/sign-out', headers: { cookie: user.cookie } });
    expect(out.statusCode).toBeLessThan(300);
    await within(1_000, async () => (await meOn(b, user.cookie)) === null);
    const profile = await b.inject({ method: 'GET', url: '/api/profile', headers: { cookie: user.cookie } });
    expect(profile.statusCode).toBe(401);
  });

  it('revoking another device on one instance ends it on the other', async () => {
    const user = await signUpAndConfirm(a);
    const second = cookieHeaderFrom(
      await a.inject({
        method: 'POST',
        url: '/api/account/sign-in',
        payload: { email: user.email, password: TEST_PASSWORD },
      }),
    );
    expect((await meOn(b, second))?.user.id).toBe(user.userId);
    const sessions = (
      await a.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie: user.cookie } })
    ).json<{ sessions: { id: string; current: boolean }[] }>().sessions;
    const other = sessions.find((session) => !session.current);
    const revoked = await a.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${other?.id}`,
      headers: { cookie: user.cookie },
    });
    expect(revoked.statusCode).toBeLessThan(300);
    await within(1_000, async () => (await meOn(b, second)) === null);
    expect((await meOn(b, user.cookie))?.user.id).toBe(user.userId);
  });

  it('a role granted or taken away on one instance is the role the other answers with within a second', async () => {
    const user = await signUpAndConfirm(a);
    // B keeps the role it read, as it keeps the session.
    expect((await meOn(b, user.cookie))?.role).toBe('learner');
    expect((await meOn(b, user.cookie))?.role).toBe('learner');
    await createRolesRepository({ db: database.db }).grant(user.userId, 'instructor');
    await within(1_000, async () => (await meOn(b, user.cookie))?.role === 'instructor');
    await database.db.delete(userRoles).where(eq(userRoles.userId, user.userId));
    await within(1_000, async () => (await meOn(b, user.cookie))?.role === 'learner');
  });

  it('a change to the user row shows on the other instance (name, email)', async () => {
    const user = await signUpAndConfirm(a);
    expect((await meOn(b, user.cookie))?.user.name).not.toBe('Renamed Person');
    await database.db.update(users).set({ name: 'Renamed Person' }).where(eq(users.id, user.userId));
    await within(1_000, async () => (await meOn(b, user.cookie))?.user.name === 'Renamed Person');
  });
});

describe('session cache', () => {
  const context = (sessionId: string, userId: string, expiresInMs = 60_000) => ({
    session: { id: sessionId, expiresAt: new Date(Date.now() + expiresInMs) },
    user: { id: userId },
  });
  const listeningCache = (options: Parameters<typeof createSessionCache>[0] = {}) => {
    const cache = createSessionCache<ReturnType<typeof context>>(options);
    let notify: (payload: string) => void = () => {};
    const started = cache.start({
      listen: async (_channel: string, onPayload: (payload: string) => void) => {
        notify = onPayload;
        return async () => {};
      },
    } as unknown as Database);
    return { cache, started, notify: (payload: object) => notify(JSON.stringify(payload)) };
  };

  it('drops entries of the session or user a notice names, and keeps no answer that raced a notice', async () => {
    const { cache, started, notify } = listeningCache();
    await started;
    cache.set('k1', context('s1', 'u1'), cache.ticket());
    cache.set('k2', context('s2', 'u1'), cache.ticket());
    cache.set('k3', context('s3', 'u2'), cache.ticket());
    notify({ s: 's1', u: 'u1' });
    expect(cache.get('k1')).toBeUndefined();
    expect(cache.get('k2')).toBeUndefined();
    expect(cache.get('k3')).toBeDefined();

    const ticket = cache.ticket();
    notify({ u: 'u9' });
    cache.set('k4', context('s4', 'u4'), ticket);
    expect(cache.get('k4')).toBeUndefined();
  });

  it('never serves an entry past its time to live or past the session’s end', async () => {
    let now = 1_000_000;
    const { cache, started } = listeningCache({ ttlMs: 100, now: () => now });
    await started;
    cache.set('k', context('s', 'u'), cache.ticket());
    now += 99;
    expect(cache.get('k')).toBeDefined();
    now += 1;
    expect(cache.get('k')).toBeUndefined();
    cache.set('e', { session: { id: 's2', expiresAt: new Date(now - 1) }, user: { id: 'u' } }, cache.ticket());
    expect(cache.get('e')).toBeUndefined();
  });

  it('keys by the session cookie or the bearer token, not by other cookies', () => {
    expect(sessionKeyOf({ cookie: 'consent=1; portal.session_token=abc.def; theme=dark' })).toBe('cookie:abc.def');
    expect(sessionKeyOf({ cookie: '__Secure-portal.session_token=xyz' })).toBe('cookie:xyz');
    expect(sessionKeyOf({ authorization: 'Bearer t0k' })).toBe('bearer:t0k');
    expect(sessionKeyOf({ cookie: 'consent=1' })).toBeUndefined();
    expect(sessionKeyOf({ cookie: 'portal.session_token=a', authorization: 'Bearer b' })).toBeUndefined();
  });
});
