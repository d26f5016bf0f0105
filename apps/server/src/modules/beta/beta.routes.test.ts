import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { asUser, signUpAdmin } from '../../testing/billing-factories.ts';
import { grantRole, type SignedIn, signUpAndConfirm } from '../../testing/factories.ts';
import { realtimeTabs, type Tab } from '../../testing/realtime-tabs.ts';
import { startSiblingApp, startTestApp, testTargets } from '../../testing/test-app.ts';
import { auditEvents } from '../audit/audit.table.ts';
import { users } from '../auth/auth.table.ts';
import { profiles } from '../profile/profile.table.ts';

type Body = Record<string, unknown>;

describe.each(testTargets())('beta programme on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let admin: SignedIn;
  const tabs = realtimeTabs();

  beforeAll(async () => {
    ({ app, database, close } = await startTestApp(target));
    await tabs.listen(app);
    admin = await signUpAdmin(app);
  });
  afterEach(() => {
    tabs.closeAll();
  });
  afterAll(async () => {
    await close();
  });

  const call = (by: SignedIn | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Body) =>
    app.inject({ method, url, headers: by ? asUser(by) : {}, ...(payload ? { payload } : {}) });
  const setBeta = (userId: string, betaAccess: boolean, by: SignedIn = admin) =>
    call(by, 'PUT', `/api/admin/beta/users/${userId}`, { beta_access: betaAccess });
  const post = (payload: Body, by: SignedIn = admin) => call(by, 'POST', '/api/admin/beta/updates', payload);
  const feed = async (user: SignedIn) => (await call(user, 'GET', '/api/beta/updates')).json();
  const adminUpdates = async () => (await call(admin, 'GET', '/api/admin/beta/updates')).json().updates as Body[];
  const betaUser = async () => {
    const user = await signUpAndConfirm(app);
    expect((await setBeta(user.userId, true)).statusCode).toBe(200);
    return user;
  };
  const postUpdate = async (overrides: Body = {}) => {
    const response = await post({
      title: 'Faster flashcards',
      message: 'Reviews load twice as fast.',
      type: 'feature',
      ...overrides,
    });
    expect(response.statusCode).toBe(200);
    return response.json() as { id: string; title: string; message: string; type: string; created_at: string };
  };
  /** The next message other than a beta access notice: a grant made just before connecting may arrive after. */
  const nextMessage = async (tab: Tab) => {
    for (;;) {
      const message = await tab.next();
      if (message.type !== 'beta_access_change') return message;
    }
  };
  const nextAccessChange = async (tab: Tab, betaAccess: boolean) => {
    for (;;) {
      const message = await tab.next();
      if (message.type === 'beta_access_change' && message.beta_access === betaAccess) return message;
    }
  };
  const auditOf = (userId: string) =>
    database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.userId, userId), like(auditEvents.action, 'beta.%')))
      .orderBy(auditEvents.createdAt);

  describe('live delivery', () => {
    it("a posted update reaches every beta tab at once and never a non-beta user's tab", async () => {
      const tester = await betaUser();
      const regular = await signUpAndConfirm(app);
      const testerTabs = [await tabs.connect(tester), await tabs.connect(tester)];
      const regularTab = await tabs.connect(regular);

      const update = await postUpdate({ title: 'New <b>deck</b>', type: 'success' });

      for (const tab of testerTabs) {
        expect(await nextMessage(tab)).toEqual({
          type: 'beta_update',
          payload: {
            id: update.id,
            title: 'New <b>deck</b>',
            message: update.message,
            type: 'success',
            timestamp: update.created_at,
          },
        });
      }
      // The delivery to this instance's tabs is done; the next thing the regular tab gets is this push.
      await app.realtime.publishToUser(regular.userId, { type: 'subscription_change' });
      expect(await regularTab.next()).toEqual({ type: 'subscription_change' });
    });

    it('a revoked tester stops receiving at once; a tester granted while online receives the next one', async () => {
      const leaving = await betaUser();
      const joining = await signUpAndConfirm(app);
      const witness = await betaUser();
      const leavingTab = await tabs.connect(leaving);
      const joiningTab = await tabs.connect(joining);
      const witnessTab = await tabs.connect(witness);

      expect((await setBeta(leaving.userId, false)).json()).toEqual({ user_id: leaving.userId, beta_access: false });
      expect(await nextAccessChange(leavingTab, false)).toEqual({ type: 'beta_access_change', beta_access: false });
      expect((await setBeta(joining.userId, true)).statusCode).toBe(200);
      expect(await joiningTab.next()).toEqual({ type: 'beta_access_change', beta_access: true });

      const update = await postUpdate();
      expect(await nextMessage(witnessTab)).toMatchObject({ type: 'beta_update', payload: { id: update.id } });
      expect(await joiningTab.next()).toMatchObject({ type: 'beta_update', payload: { id: update.id } });
      await app.realtime.publishToUser(leaving.userId, { type: 'subscription_change' });
      expect(await nextMessage(leavingTab)).toEqual({ type: 'subscription_change' });
    });

    it('an update posted through another instance reaches the beta tabs open on this one', async () => {
      const other = await startSiblingApp(database);
      try {
        const tester = await betaUser();
        const tab = await tabs.connect(tester);

        const posted = await other.inject({
          method: 'POST',
          url: '/api/admin/beta/updates',
          headers: asUser(admin),
          payload: { title: 'From afar', message: 'Posted on the other instance', type: 'info' },
        });
        expect(posted.statusCode).toBe(200);

        expect(await nextMessage(tab)).toMatchObject({
          type: 'beta_update',
          payload: { title: 'From afar', type: 'info' },
        });
      } finally {
        await other.close();
      }
    });
  });

  describe("what's new", () => {
    it('a beta user sees missed updates as unread until shown live or marked read', async () => {
      const tester = await betaUser();
      await call(tester, 'POST', '/api/beta/updates/read-all');
      const first = await postUpdate({ title: 'First' });
      const second = await postUpdate({ title: 'Second' });
      const third = await postUpdate({ title: 'Third' });

      const before = await feed(tester);
      expect(before.beta_access).toBe(true);
      expect(before.unread_count).toBe(3);
      expect(before.updates.slice(0, 3).map((item: Body) => [item.title, item.read])).toEqual([
        ['Third', false],
        ['Second', false],
        ['First', false],
      ]);

      expect((await call(tester, 'POST', `/api/beta/updates/${first.id}/read`)).json()).toEqual({ unread_count: 2 });
      expect((await call(tester, 'POST', `/api/beta/updates/${first.id}/read`)).json()).toEqual({ unread_count: 2 });
      expect((await call(tester, 'POST', `/api/beta/updates/${second.id}/delivered`)).json()).toEqual({
        unread_count: 1,
      });
      const after = await feed(tester);
      expect(after.updates.slice(0, 3).map((item: Body) => [item.id, item.read])).toEqual([
        [third.id, false],
        [second.id, true],
        [first.id, true],
      ]);

      expect((await call(tester, 'POST', '/api/beta/updates/read-all')).json()).toEqual({ unread_count: 0 });
      expect((await feed(tester)).unread_count).toBe(0);
    });

    it('one user marking an update read leaves it unread for another', async () => {
      const alice = await betaUser();
      const bob = await betaUser();
      const update = await postUpdate();
      const bobBefore = (await feed(bob)).unread_count;

      await call(alice, 'POST', `/api/beta/updates/${update.id}/read`);

      expect((await feed(bob)).unread_count).toBe(bobBefore);
      expect((await feed(bob)).updates[0]).toMatchObject({ id: update.id, read: false });
    });

    it('to a non-beta user there are no updates: an empty list, 404 for any one, and read-all changes nothing', async () => {
      const regular = await signUpAndConfirm(app);
      const update = await postUpdate();

      expect(await feed(regular)).toEqual({ beta_access: false, unread_count: 0, updates: [] });
      for (const action of ['read', 'delivered']) {
        const response = await call(regular, 'POST', `/api/beta/updates/${update.id}/${action}`);
        expect(response.statusCode, action).toBe(404);
        expect(response.json().error.code).toBe('not_found');
      }
      expect((await call(regular, 'POST', '/api/beta/updates/read-all')).json()).toEqual({ unread_count: 0 });

      // Read-all did not quietly mark anything: once granted, the update is unread.
      await setBeta(regular.userId, true);
      expect((await feed(regular)).updates[0]).toMatchObject({ id: update.id, read: false });
    });

    it('an unknown or malformed update id is refused', async () => {
      const tester = await betaUser();
      expect((await call(tester, 'POST', `/api/beta/updates/${randomUUID()}/read`)).statusCode).toBe(404);
      expect((await call(tester, 'POST', '/api/beta/updates/not-an-id/delivered')).statusCode).toBe(400);
    });

    it('signed-out visitors get 401', async () => {
      expect((await call(null, 'GET', '/api/beta/updates')).statusCode).toBe(401);
    });
  });

  describe('reach', () => {
    it('counts beta users who saw an update live, read it later, or not yet', async () => {
      const live = await betaUser();
      const later = await betaUser();
      const both = await betaUser();
      const update = await postUpdate({ title: `Reach ${randomUUID()}` });

      await call(live, 'POST', `/api/beta/updates/${update.id}/delivered`);
      await call(both, 'POST', `/api/beta/updates/${update.id}/delivered`);
      await call(both, 'POST', `/api/beta/updates/${update.id}/read`);
      await call(later, 'POST', `/api/beta/updates/${update.id}/read`);

      const betaUsers = (await call(admin, 'GET', '/api/admin/beta/users')).json().beta_user_count;
      const listed = (await adminUpdates()).find((item) => item.id === update.id);
      expect(listed).toMatchObject({
        title: update.title,
        reach: { delivered_live: 2, read_later: 1, not_yet_read: betaUsers - 3 },
      });
      expect(typeof listed?.posted_by).toBe('string');
    });
  });

  describe('beta access', () => {
    it('grant and revoke are audited with the admin, the user, and the values before and after; repeats change nothing', async () => {
      const user = await signUpAndConfirm(app);

      expect((await setBeta(user.userId, true)).json()).toEqual({ user_id: user.userId, beta_access: true });
      expect((await setBeta(user.userId, true)).json()).toEqual({ user_id: user.userId, beta_access: true });
      expect((await setBeta(user.userId, false)).json()).toEqual({ user_id: user.userId, beta_access: false });

      const trail = await auditOf(user.userId);
      expect(trail.map((row) => [row.action, row.actorId, row.oldValues, row.newValues])).toEqual([
        ['beta.grant', admin.userId, { beta_access: false }, { beta_access: true }],
        ['beta.revoke', admin.userId, { beta_access: true }, { beta_access: false }],
      ]);
      expect((await feed(user)).beta_access).toBe(false);
    });

    it('a user who never signed in gets a profile with beta access', async () => {
      const id = `invited-${randomUUID()}`;
      await database.db.insert(users).values({ id, name: 'Invited Person', email: `${id}@example.com` });

      expect((await setBeta(id, true)).statusCode).toBe(200);

      const [profile] = await database.db.select().from(profiles).where(eq(profiles.id, id));
      expect(profile?.betaAccess).toBe(true);
    });

    it('an unknown user is 404 and a body without a boolean is 400', async () => {
      expect((await setBeta(`ghost-${randomUUID()}`, true)).statusCode).toBe(404);
      const user = await signUpAndConfirm(app);
      const bad = await call(admin, 'PUT', `/api/admin/beta/users/${user.userId}`, { beta_access: 'yes' });
      expect(bad.statusCode).toBe(400);
      expect(await auditOf(user.userId)).toEqual([]);
    });

    it('the list shows beta users; a search finds anyone by part of the name or email, with their access', async () => {
      const tag = randomUUID().slice(0, 8);
      const tester = await signUpAndConfirm(app, { email: `tester-${tag}@example.com`, name: 'Tess Tester' });
      const other = await signUpAndConfirm(app, { email: `other-${tag}@example.com`, name: `Olly ${tag}` });
      await setBeta(tester.userId, true);

      const list = (await call(admin, 'GET', '/api/admin/beta/users')).json();
      const ids = list.users.map((row: Body) => row.user_id);
      expect(ids).toContain(tester.userId);
      expect(ids).not.toContain(other.userId);
      expect(list.users.every((row: Body) => row.beta_access === true)).toBe(true);

      const found = (await call(admin, 'GET', `/api/admin/beta/users?search=${tag.toUpperCase()}`)).json();
      expect(found.users.map((row: Body) => [row.email, row.beta_access])).toEqual([
        [`other-${tag}@example.com`, false],
        [`tester-${tag}@example.com`, true],
      ]);
      const wildcard = (await call(admin, 'GET', '/api/admin/beta/users?search=%25_')).json();
      expect(wildcard.users).toEqual([]);
    });

    it('long results come in pages; a forged page cursor is 400', async () => {
      const tag = `page${randomUUID().slice(0, 8)}`;
      await database.db.insert(users).values(
        Array.from({ length: 51 }, (_, index) => ({
          id: `${tag}-${index}`,
          name: `Paged ${index}`,
          email: `${tag}-${String(index).padStart(2, '0')}@example.com`,
        })),
      );

      const first = (await call(admin, 'GET', `/api/admin/beta/users?search=${tag}`)).json();
      expect(first.users).toHaveLength(50);
      expect(first.next_cursor).toEqual(expect.any(String));
      const second = (
        await call(admin, 'GET', `/api/admin/beta/users?search=${tag}&cursor=${first.next_cursor}`)
      ).json();
      expect(second.users.map((row: Body) => row.email)).toEqual([`${tag}-50@example.com`]);
      expect(second.next_cursor).toBeNull();

      expect((await call(admin, 'GET', '/api/admin/beta/users?cursor=AAAA')).statusCode).toBe(400);
      expect((await call(admin, 'GET', '/api/admin/beta/users?cursor=not%20base64')).statusCode).toBe(400);
    });
  });

  describe('posting', () => {
    it('HTML is stored exactly as typed and listed for admins newest first', async () => {
      const html = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
      const update = await postUpdate({ title: '<h1>Big</h1>', message: html, type: 'warning' });

      const [newest] = await adminUpdates();
      expect(newest).toMatchObject({ id: update.id, title: '<h1>Big</h1>', message: html, type: 'warning' });
    });

    it.each([
      { label: 'a title over 120 characters', body: { title: 'x'.repeat(121), message: 'ok', type: 'info' } },
      { label: 'a message over 2000 characters', body: { title: 'ok', message: 'x'.repeat(2001), type: 'info' } },
      { label: 'an unknown type', body: { title: 'ok', message: 'ok', type: 'danger' } },
      { label: 'a blank title', body: { title: '   ', message: 'ok', type: 'info' } },
      { label: 'a missing message', body: { title: 'ok', type: 'info' } },
      { label: 'control characters', body: { title: 'ok', message: 'bell\u0007', type: 'info' } },
      { label: 'a broken surrogate pair', body: { title: 'ok', message: 'half \ud83d', type: 'info' } },
    ])('$label is refused with 400 and nothing is stored', async ({ body }) => {
      const before = (await adminUpdates()).length;

      const response = await post(body);
      expect(response.statusCode).toBe(400);
      expect(typeof response.json().error.message).toBe('string');

      expect((await adminUpdates()).length).toBe(before);
    });

    it('the longest allowed update is accepted and broadcast', async () => {
      const tester = await betaUser();
      const tab = await tabs.connect(tester);
      const message = '界'.repeat(2000);

      await postUpdate({ title: '新'.repeat(120), message });

      expect(await nextMessage(tab)).toMatchObject({ type: 'beta_update', payload: { message } });
    });
  });

  describe('who may', () => {
    it('learners and instructors get 403 from every admin route, signed-out visitors 401', async () => {
      const learner = await signUpAndConfirm(app);
      const instructor = await signUpAndConfirm(app);
      await grantRole(app, instructor.userId, 'instructor');
      const routes: Array<['GET' | 'POST' | 'PUT', string, Body?]> = [
        ['GET', '/api/admin/beta/users'],
        ['PUT', `/api/admin/beta/users/${learner.userId}`, { beta_access: true }],
        ['POST', '/api/admin/beta/updates', { title: 'Nope', message: 'Nope', type: 'info' }],
        ['GET', '/api/admin/beta/updates'],
      ];
      for (const [method, url, payload] of routes) {
        for (const who of [learner, instructor]) {
          expect((await call(who, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
        }
        expect((await call(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      }
      expect((await feed(learner)).beta_access).toBe(false);
      expect((await adminUpdates()).some((item) => item.title === 'Nope')).toBe(false);
    });
  });
});
