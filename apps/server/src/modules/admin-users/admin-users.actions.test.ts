import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { asUser, signUpAdmin, signUpPaying } from '../../testing/billing-factories.ts';
import {
  currentUserId,
  grantRole,
  latestMessageTo,
  linkIn,
  type SignedIn,
  signUpAndConfirm,
  signUpSubscribed,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../testing/factories.ts';
import { databaseOf, startTestApp, testTargets } from '../../testing/test-app.ts';
import { createAuditRepository } from '../audit/audit.repository.ts';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(testTargets())('admin user actions on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;
  let admin: SignedIn;

  beforeAll(async () => {
    ({ app, close } = await startTestApp(target));
    admin = await signUpAdmin(app);
  });
  afterAll(async () => {
    await close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
    by: SignedIn = admin,
  ) =>
    app.inject(
      payload === undefined ? { method, url, headers: asUser(by) } : { method, url, headers: asUser(by), payload },
    );
  const auditOf = async (userId: string, action: string) =>
    (await createAuditRepository({ db: databaseOf(app).db }).listForUser(userId, { limit: 50 })).filter(
      (event) => event.action === action,
    );
  const signIn = (email: string, password = TEST_PASSWORD) =>
    app.inject({ method: 'POST', url: '/api/account/sign-in', payload: { email, password } });
  const roleOf = async (userId: string) => (await call('GET', `/api/admin/users/${userId}`)).json().user.role;

  it('the only admin cannot demote, suspend or delete themselves, and nothing changes', async () => {
    for (const [method, url, payload] of [
      ['PUT', `/api/admin/users/${admin.userId}/role`, { role: 'learner' }],
      ['POST', `/api/admin/users/${admin.userId}/suspend`, undefined],
      ['DELETE', `/api/admin/users/${admin.userId}`, undefined],
    ] as const) {
      const refused = await call(method, url, payload);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('last_admin');
    }
    expect(await roleOf(admin.userId)).toBe('admin');
    expect(await currentUserId(app, admin.cookie)).toBe(admin.userId);
  });

  it('instructors and learners get 403 on every admin user route, signed-out visitors 401', async () => {
    const learner = await signUpSubscribed(app, 'calm');
    const instructor = await signUpAndConfirm(app);
    await grantRole(app, instructor.userId, 'instructor');
    const routes = [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/users/export.csv'],
      ['GET', `/api/admin/users/${learner.userId}`],
      ['POST', `/api/admin/users/${learner.userId}/suspend`],
      ['PUT', `/api/admin/users/${learner.userId}/role`],
      ['DELETE', `/api/admin/users/${learner.userId}`],
    ] as const;
    for (const [method, url] of routes) {
      for (const user of [learner, instructor]) {
        expect((await call(method, url, method === 'PUT' ? { role: 'admin' } : undefined, user)).statusCode).toBe(403);
      }
      expect((await app.inject({ method, url })).statusCode).toBe(401);
    }
    expect(await roleOf(learner.userId)).toBe('learner');
  });

  it('changes a role with an audit row of actor, target, before and after; a repeat changes nothing', async () => {
    const learner = await signUpSubscribed(app, 'calm');
    const changed = await call('PUT', `/api/admin/users/${learner.userId}/role`, { role: 'instructor' });
    expect(changed.json()).toEqual({ ok: true, changed: true });
    expect(await roleOf(learner.userId)).toBe('instructor');
    expect((await call('PUT', `/api/admin/users/${learner.userId}/role`, { role: 'instructor' })).json()).toEqual({
      ok: true,
      changed: false,
    });
    const events = await auditOf(learner.userId, 'admin_user.role_change');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorId: admin.userId,
      userId: learner.userId,
      oldValues: { role: 'learner' },
      newValues: { role: 'instructor' },
    });
    expect((await call('PUT', `/api/admin/users/${learner.userId}/role`, { role: 'owner' })).statusCode).toBe(400);
    expect((await call('PUT', '/api/admin/users/no-such-user/role', { role: 'admin' })).statusCode).toBe(404);
    expect(await roleOf(learner.userId)).toBe('instructor');
  });

  it('with a second admin, an admin can be demoted; the remaining one still cannot', async () => {
    const second = await signUpAndConfirm(app);
    expect((await call('PUT', `/api/admin/users/${second.userId}/role`, { role: 'admin' })).statusCode).toBe(200);
    expect((await call('PUT', `/api/admin/users/${second.userId}/role`, { role: 'learner' })).statusCode).toBe(200);
    expect(await roleOf(second.userId)).toBe('learner');
    const again = await call('PUT', `/api/admin/users/${admin.userId}/role`, { role: 'instructor' });
    expect(again.json().error.code).toBe('last_admin');
  });

  it('suspends: open sessions end at once and sign-in says the account is suspended; reactivating lets them in', async () => {
    const learner = await signUpSubscribed(app, 'calm');
    const suspended = await call('POST', `/api/admin/users/${learner.userId}/suspend`);
    expect(suspended.json()).toEqual({ ok: true, changed: true });
    expect(
      (await app.inject({ method: 'GET', url: '/api/gamification/stats', headers: asUser(learner) })).statusCode,
    ).toBe(401);
    expect(await currentUserId(app, learner.cookie)).toBeNull();
    const refused = await signIn(learner.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('account_suspended');
    // A wrong password still reads as wrong credentials: the suspension is told only to the password's owner.
    expect((await signIn(learner.email, 'not-the-password-1')).json().error.code).toBe('invalid_credentials');
    expect((await call('POST', `/api/admin/users/${learner.userId}/suspend`)).json().changed).toBe(false);
    const detail = (await call('GET', `/api/admin/users/${learner.userId}`)).json();
    expect(detail.user.status).toBe('suspended');
    expect(detail.sessions).toEqual([]);

    expect((await call('POST', `/api/admin/users/${learner.userId}/reactivate`)).json().changed).toBe(true);
    expect((await call('POST', `/api/admin/users/${learner.userId}/reactivate`)).json().changed).toBe(false);
    expect((await signIn(learner.email)).statusCode).toBe(200);
    const [suspendEvent] = await auditOf(learner.userId, 'admin_user.suspend');
    expect(suspendEvent).toMatchObject({
      actorId: admin.userId,
      oldValues: { status: 'active' },
      newValues: { status: 'suspended' },
    });
    expect(await auditOf(learner.userId, 'admin_user.suspend')).toHaveLength(1);
    expect(await auditOf(learner.userId, 'admin_user.reactivate')).toHaveLength(1);
  });

  it('signs a user out everywhere', async () => {
    const learner = await signUpSubscribed(app, 'calm');
    const detail = (await call('GET', `/api/admin/users/${learner.userId}`)).json();
    expect(detail.sessions.length).toBeGreaterThan(0);
    expect((await call('POST', `/api/admin/users/${learner.userId}/sign-out`)).json()).toEqual({
      ok: true,
      changed: true,
    });
    expect(await currentUserId(app, learner.cookie)).toBeNull();
    const [event] = await auditOf(learner.userId, 'admin_user.sign_out_all');
    expect(event).toMatchObject({ actorId: admin.userId, newValues: { active_sessions: 0 } });
    expect((await signIn(learner.email)).statusCode).toBe(200);
  });

  it('mails a password reset link that sets a new password', async () => {
    const learner = await signUpSubscribed(app, 'calm');
    expect((await call('POST', `/api/admin/users/${learner.userId}/password-reset`)).statusCode).toBe(200);
    const followed = await app.inject({ method: 'GET', url: linkIn(await latestMessageTo(app, learner.email)) });
    const token = new URL(String(followed.headers.location), 'http://localhost').searchParams.get('token');
    const newPassword = 'a-brand-new-password-42';
    const reset = await app.inject({
      method: 'POST',
      url: '/api/account/reset-password',
      payload: { token, newPassword },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(learner.email, newPassword)).statusCode).toBe(200);
    expect(await auditOf(learner.userId, 'admin_user.password_reset_sent')).toHaveLength(1);
  });

  it('grants a complimentary tier until a date and revokes it, both audited and idempotent', async () => {
    const learner = await signUpSubscribed(app, 'calm');
    const until = inDays(30);
    const grant = () =>
      call('PUT', `/api/admin/users/${learner.userId}/complimentary-plan`, { tier: 'universal', until });
    expect((await grant()).json()).toEqual({ ok: true, changed: true });
    expect((await grant()).json()).toEqual({ ok: true, changed: false });
    const status = await app.inject({ method: 'GET', url: '/api/subscription/check', headers: asUser(learner) });
    expect(status.json()).toMatchObject({ subscribed: true, subscription_tier: 'universal' });
    const detail = (await call('GET', `/api/admin/users/${learner.userId}`)).json();
    expect(detail.subscription).toMatchObject({ tier: 'universal', complimentary: true });
    expect(detail.subscription.current_period_end).toBe(`${until}T23:59:59.999Z`);
    const [granted] = await auditOf(learner.userId, 'admin_user.tier_grant');
    expect(granted).toMatchObject({
      actorId: admin.userId,
      oldValues: { subscription_tier: 'calm' },
      newValues: { subscription_tier: 'universal', current_period_end: `${until}T23:59:59.999Z` },
    });

    expect((await call('DELETE', `/api/admin/users/${learner.userId}/complimentary-plan`)).json().changed).toBe(true);
    expect((await call('DELETE', `/api/admin/users/${learner.userId}/complimentary-plan`)).json().changed).toBe(false);
    const after = await app.inject({ method: 'GET', url: '/api/subscription/check', headers: asUser(learner) });
    expect(after.json().subscription_tier).toBe('calm');
    expect(await auditOf(learner.userId, 'admin_user.tier_revoke')).toHaveLength(1);
  });

  it('refuses a grant in the past or over a paid plan, and changes nothing', async () => {
    const learner = await signUpSubscribed(app, 'calm');
    const past = await call('PUT', `/api/admin/users/${learner.userId}/complimentary-plan`, {
      tier: 'me',
      until: inDays(-2),
    });
    expect(past.statusCode).toBe(400);
    expect(
      (await call('PUT', `/api/admin/users/${learner.userId}/complimentary-plan`, { tier: 'gold', until: inDays(3) }))
        .statusCode,
    ).toBe(400);
    const payer = await signUpPaying(app, 'me');
    const overPaid = await call('PUT', `/api/admin/users/${payer.userId}/complimentary-plan`, {
      tier: 'universal',
      until: inDays(10),
    });
    expect(overPaid.statusCode).toBe(409);
    expect(overPaid.json().error.reasons).toEqual(['paid_plan_active']);
    expect((await call('DELETE', `/api/admin/users/${payer.userId}/complimentary-plan`)).statusCode).toBe(409);
    const status = await app.inject({ method: 'GET', url: '/api/subscription/check', headers: asUser(payer) });
    expect(status.json().subscription_tier).toBe('me');
    expect(await auditOf(learner.userId, 'admin_user.tier_grant')).toHaveLength(0);
  });

  it('creates a user with an invitation mail whose link sets the password', async () => {
    const email = uniqueEmail('invitee');
    const created = await call('POST', '/api/admin/users', { name: 'Ina Invitee', email, role: 'instructor' });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect(await roleOf(id)).toBe('instructor');
    const invitation = await latestMessageTo(app, email);
    expect(invitation.subject).toMatch(/invited/i);
    const followed = await app.inject({ method: 'GET', url: linkIn(invitation) });
    const token = new URL(String(followed.headers.location), 'http://localhost').searchParams.get('token');
    expect(token).toBeTruthy();
    const password = 'invited-and-secure-77';
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/account/reset-password',
          payload: { token, newPassword: password },
        })
      ).statusCode,
    ).toBe(200);
    const signedIn = await signIn(email, password);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.id).toBe(id);
    const [event] = await auditOf(id, 'admin_user.create');
    expect(event).toMatchObject({ actorId: admin.userId, newValues: { email, role: 'instructor' } });

    const duplicate = await call('POST', '/api/admin/users', { name: 'Again', email: email.toUpperCase() });
    expect(duplicate.statusCode).toBe(409);
    expect((await call('POST', '/api/admin/users', { name: '', email: 'not-an-email' })).statusCode).toBe(400);
  });

  it('deletes a user with their data; a second delete and their page answer 404', async () => {
    const learner = await signUpSubscribed(app, 'calm');
    expect((await call('DELETE', `/api/admin/users/${learner.userId}`)).json()).toEqual({ ok: true, changed: true });
    expect((await call('GET', `/api/admin/users/${learner.userId}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/users/${learner.userId}`)).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/users/${learner.userId}/suspend`)).statusCode).toBe(404);
    expect(await currentUserId(app, learner.cookie)).toBeNull();
    expect((await signIn(learner.email)).statusCode).toBe(401);
    const [event] = await auditOf(learner.userId, 'admin_user.delete');
    expect(event).toMatchObject({
      actorId: admin.userId,
      oldValues: { role: 'learner' },
      newValues: { deleted: true },
    });
  });

  it("shows a user's page: profile, role, plan, sessions, activity, XP and enrolments", async () => {
    const learner = await signUpSubscribed(app, 'me', { name: 'Page Person' });
    await call('PUT', `/api/admin/users/${learner.userId}/role`, { role: 'instructor' });
    const detail = await call('GET', `/api/admin/users/${learner.userId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      user: { id: learner.userId, name: 'Page Person', email: learner.email, role: 'instructor', status: 'active' },
      subscription: { subscribed: true, tier: 'me', complimentary: false },
      xp: { total_xp: expect.any(Number), level: expect.any(Number) },
      enrolments: [],
    });
    expect(detail.json().sessions.length).toBeGreaterThan(0);
    expect(detail.json().recent_activity[0]).toMatchObject({ action: 'admin_user.role_change', by_admin: true });
  });
});
