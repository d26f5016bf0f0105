import { SPEC_MESSAGES } from '@portal/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import {
  cookieHeaderFrom,
  currentUserId,
  getMe,
  latestMessageTo,
  linkIn,
  signInAs,
  signUpAndConfirm,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../testing/factories.ts';
import { testTargets } from '../../testing/test-app.ts';
import { type AccountsApp, startAccountsApp } from './accounts.testing.ts';

describe.each(testTargets())('accounts on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;
  let signIn: AccountsApp['signIn'];

  beforeAll(async () => {
    ({ app, close, signIn } = await startAccountsApp(target));
  });
  afterAll(async () => {
    await close();
  });

  describe('resetting a forgotten password', () => {
    it('the emailed link leads to a token that sets a new password and ends old sessions', async () => {
      const { email, cookie: oldSession } = await signUpAndConfirm(app);

      const requested = await app.inject({
        method: 'POST',
        url: '/api/account/request-password-reset',
        payload: { email },
      });
      expect(requested.statusCode).toBe(200);

      const mail = await latestMessageTo(app, email);
      expect(mail.subject).toBe('Reset your password');
      const link = linkIn(mail);
      expect(link).toMatch(/^\/api\/auth\/reset-password\/[^?]+\?callbackURL=(\/|%2F)reset-password$/);

      const followed = await app.inject({ method: 'GET', url: link });
      expect(followed.statusCode).toBe(302);
      const redirect = new URL(String(followed.headers.location), 'http://localhost:3000');
      expect(redirect.pathname).toBe('/reset-password');
      const token = redirect.searchParams.get('token');
      expect(token).toBeTruthy();

      const reset = await app.inject({
        method: 'POST',
        url: '/api/account/reset-password',
        payload: { token, newPassword: 'a-brand-new-password' },
      });
      expect(reset.statusCode).toBe(200);

      const withOld = await signIn({ email, password: TEST_PASSWORD });
      expect(withOld.statusCode).toBe(401);
      const withNew = await signIn({ email, password: 'a-brand-new-password' });
      expect(withNew.statusCode).toBe(200);
      expect(await currentUserId(app, oldSession)).toBeNull();

      const reused = await app.inject({
        method: 'POST',
        url: '/api/account/reset-password',
        payload: { token, newPassword: 'yet-another-password' },
      });
      expect(reused.statusCode).toBe(401);
      expect(reused.json().error.code).toBe('invalid_jwt');
    });

    it('an unknown address gets the same answer and no mail', async () => {
      const email = uniqueEmail('ghost');
      const response = await app.inject({
        method: 'POST',
        url: '/api/account/request-password-reset',
        payload: { email },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      await expect(latestMessageTo(app, email)).rejects.toThrow();
    });

    it('a made-up token is refused as an invalid link', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/account/reset-password',
        payload: { token: 'made-up', newPassword: 'a-brand-new-password' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('invalid_jwt');
    });
  });

  describe('changing the email address', () => {
    it('takes effect only once the link sent to the new address is opened, in the account and the profile', async () => {
      const learner = await signUpAndConfirm(app);
      const newEmail = uniqueEmail('moved');
      const asked = await app.inject({
        method: 'POST',
        url: '/api/account/change-email',
        headers: { cookie: learner.cookie },
        payload: { newEmail },
      });
      expect(asked.statusCode).toBe(200);
      expect((await getMe(app, { cookie: learner.cookie })).json().me.user.email).toBe(learner.email);

      const opened = await app.inject({ method: 'GET', url: linkIn(await latestMessageTo(app, newEmail)) });
      expect(opened.statusCode).toBe(302);
      expect((await getMe(app, { cookie: learner.cookie })).json().me.user.email).toBe(newEmail);
      const profile = await app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: learner.cookie } });
      expect(profile.json().profile.email).toBe(newEmail);

      expect((await signIn({ email: newEmail, password: learner.password })).statusCode).toBe(200);
      expect((await signIn({ email: learner.email, password: learner.password })).statusCode).toBe(401);
    });

    it('needs a session, refuses the current address and unknown fields', async () => {
      const signedOut = await app.inject({
        method: 'POST',
        url: '/api/account/change-email',
        payload: { newEmail: uniqueEmail() },
      });
      expect(signedOut.statusCode).toBe(400);
      expect(signedOut.json().error.code).toBe('session_missing');

      const learner = await signUpAndConfirm(app);
      const same = await app.inject({
        method: 'POST',
        url: '/api/account/change-email',
        headers: { cookie: learner.cookie },
        payload: { newEmail: learner.email },
      });
      expect(same.statusCode).toBe(400);
      const extra = await app.inject({
        method: 'POST',
        url: '/api/account/change-email',
        headers: { cookie: learner.cookie },
        payload: { newEmail: uniqueEmail(), userId: 'someone-else' },
      });
      expect(extra.statusCode).toBe(400);
    });
  });

  describe('changing the password', () => {
    const changePassword = (payload: Record<string, unknown>, headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/account/change-password', payload, headers });

    it('works with the current password; afterwards only the new one signs in', async () => {
      const { email, cookie } = await signUpAndConfirm(app);

      const changed = await changePassword(
        { currentPassword: TEST_PASSWORD, newPassword: 'changed-password-1' },
        { cookie },
      );
      expect(changed.statusCode).toBe(200);

      expect((await signIn({ email, password: TEST_PASSWORD })).statusCode).toBe(401);
      expect((await signIn({ email, password: 'changed-password-1' })).statusCode).toBe(200);
    });

    it('a wrong current password is refused and nothing changes', async () => {
      const { email, cookie } = await signUpAndConfirm(app);

      const changed = await changePassword(
        { currentPassword: 'wrong-password', newPassword: 'changed-password-1' },
        { cookie },
      );
      expect(changed.statusCode).toBe(401);
      expect(changed.json().error.code).toBe('invalid_credentials');

      expect((await signIn({ email, password: TEST_PASSWORD })).statusCode).toBe(200);
    });

    it('the current password again is refused; asked to, a change signs out every other device', async () => {
      const { email, cookie } = await signUpAndConfirm(app);
      const same = await changePassword({ currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD }, { cookie });
      expect(same.statusCode).toBe(400);
      expect(same.json().error.reasons).toEqual(['same_password']);

      const other = await signInAs(app, { email, password: TEST_PASSWORD });
      const changed = await changePassword(
        { currentPassword: TEST_PASSWORD, newPassword: 'changed-password-2', revokeOtherSessions: true },
        { cookie },
      );
      expect(changed.statusCode).toBe(200);
      expect(await currentUserId(app, other.cookie)).toBeNull();
      expect(await currentUserId(app, cookieHeaderFrom(changed))).not.toBeNull();
    });

    it('a weak new password is refused with reasons', async () => {
      const { cookie } = await signUpAndConfirm(app);

      const changed = await changePassword({ currentPassword: TEST_PASSWORD, newPassword: 'tiny' }, { cookie });
      expect(changed.statusCode).toBe(422);
      expect(changed.json().error.code).toBe('weak_password');
    });

    it('without a session answers 400 "Auth session missing!"', async () => {
      const changed = await changePassword({ currentPassword: TEST_PASSWORD, newPassword: 'changed-password-1' }, {});
      expect(changed.statusCode).toBe(400);
      expect(changed.json().error).toEqual({ code: 'session_missing', message: SPEC_MESSAGES.sessionMissing });
    });
  });

  describe('signing out', () => {
    /** One user signed in on three devices: by the confirmation link, then twice with the password. */
    async function threeSessions(): Promise<[string, string, string]> {
      const { email, cookie } = await signUpAndConfirm(app);
      const second = await signInAs(app, { email, password: TEST_PASSWORD });
      const third = await signInAs(app, { email, password: TEST_PASSWORD });
      return [cookie, second.cookie, third.cookie];
    }
    const signOut = (cookie: string, scope?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/account/sign-out',
        headers: { cookie },
        ...(scope ? { payload: { scope } } : {}),
      });
    const signedIn = async (cookies: string[]) =>
      Promise.all(cookies.map(async (cookie) => (await currentUserId(app, cookie)) !== null));

    it('"others" keeps only the current session', async () => {
      const [first, current, third] = await threeSessions();

      expect((await signOut(current, 'others')).statusCode).toBe(200);
      expect(await signedIn([first, current, third])).toEqual([false, true, false]);
    });

    it('"local" ends only the current session', async () => {
      const [first, current, third] = await threeSessions();

      const response = await signOut(current, 'local');
      expect(response.statusCode).toBe(200);
      expect(await signedIn([first, current, third])).toEqual([true, false, true]);
    });

    it('"global" ends every session', async () => {
      const [first, current, third] = await threeSessions();

      expect((await signOut(current, 'global')).statusCode).toBe(200);
      expect(await signedIn([first, current, third])).toEqual([false, false, false]);
    });

    it('without a scope ends only the current session', async () => {
      const [first, current] = await threeSessions();

      expect((await signOut(current)).statusCode).toBe(200);
      expect(await signedIn([first, current])).toEqual([true, false]);
    });

    it('clears the session cookie in the browser', async () => {
      const { cookie: current } = await signUpAndConfirm(app);

      const response = await signOut(current, 'local');
      const cleared = response.cookies.find((cookie) => cookie.name === 'portal.session_token');
      expect(cleared?.value ?? '').toBe('');
    });

    it('an unknown scope is refused and the session stays', async () => {
      const { cookie: current } = await signUpAndConfirm(app);

      const response = await signOut(current, 'everyone');
      expect(response.statusCode).toBe(400);
      expect(await currentUserId(app, current)).not.toBeNull();
    });

    it('without a session answers 400 "Auth session missing!"', async () => {
      const response = await app.inject({ method: 'POST', url: '/api/account/sign-out', payload: { scope: 'global' } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({ code: 'session_missing', message: SPEC_MESSAGES.sessionMissing });
    });
  });
});
