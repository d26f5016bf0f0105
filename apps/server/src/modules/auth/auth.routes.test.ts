import { SPEC_MESSAGES } from '@portal/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import {
  cookieHeaderFrom,
  getMe,
  signInAs,
  signUp,
  signUpAndConfirm,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../testing/factories.ts';
import { startSiblingApp, testTargets } from '../../testing/test-app.ts';
import { type AccountsApp, startAccountsApp } from './accounts.testing.ts';

describe.each(testTargets())('accounts on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let signIn: AccountsApp['signIn'];

  beforeAll(async () => {
    ({ app, database, close, signIn } = await startAccountsApp(target));
  });
  afterAll(async () => {
    await close();
  });

  describe('credentials the spec rejects', () => {
    const incomplete = [
      { label: 'neither email nor phone', body: { password: TEST_PASSWORD } },
      { label: 'blank email and phone', body: { email: ' ', phoneNumber: '', password: TEST_PASSWORD } },
      { label: 'no password', body: { email: 'someone@example.com' } },
      { label: 'an empty password', body: { phoneNumber: '+4915112345678', password: '' } },
      { label: 'nothing at all', body: {} },
    ];

    it.each(incomplete)('sign-up with $label answers 400 with the spec message', async ({ body }) => {
      const response = await signUp(app, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(SPEC_MESSAGES.credentialsRequired);
    });

    it.each(incomplete)('sign-in with $label answers 400 with the spec message', async ({ body }) => {
      const response = await signIn(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(SPEC_MESSAGES.credentialsRequired);
    });

    it('a weak password is refused with 422 and the reasons, and no account is made', async () => {
      const email = uniqueEmail('weak');
      const response = await signUp(app, { email, password: 'short' });
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toMatchObject({ code: 'weak_password', reasons: ['Use at least 10 characters.'] });

      const retry = await signUp(app, { email, password: TEST_PASSWORD });
      expect(retry.statusCode).toBe(201);
    });

    it('a password of one repeated character is weak', async () => {
      const response = await signUp(app, { email: uniqueEmail(), password: 'aaaaaaaaaa' });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.reasons).toEqual(['It is too easy to guess. Add more words or characters.']);
    });

    it('a wrong password answers 401 invalid_credentials without a session', async () => {
      const { email } = await signUpAndConfirm(app);

      const response = await signIn({ email, password: 'not-the-password' });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('invalid_credentials');
      expect(cookieHeaderFrom(response)).not.toContain('portal.session_token');
    });

    it('an unknown address answers exactly like a wrong password', async () => {
      const response = await signIn({ email: uniqueEmail('nobody'), password: TEST_PASSWORD });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('invalid_credentials');
    });

    it('a malformed email or phone number is a 400, not a server error', async () => {
      expect((await signUp(app, { email: 'not-an-email', password: TEST_PASSWORD })).statusCode).toBe(400);
      expect((await signUp(app, { phoneNumber: '0151 123', password: TEST_PASSWORD })).statusCode).toBe(400);
    });
  });

  describe('sessions', () => {
    it('the bearer token from set-auth-token identifies the user on /api/me', async () => {
      const { email, userId } = await signUpAndConfirm(app);
      const signedIn = await signIn({ email, password: TEST_PASSWORD });
      const token = signedIn.headers['set-auth-token'];
      expect(typeof token).toBe('string');

      const me = await getMe(app, { authorization: `Bearer ${token}` });
      expect(me.json().me.user.id).toBe(userId);
    });

    it('the token in the sign-in body works as a bearer token too', async () => {
      const { email, userId } = await signUpAndConfirm(app);
      const { token } = await signInAs(app, { email, password: TEST_PASSWORD });

      const me = await getMe(app, { authorization: `Bearer ${token}` });
      expect(me.json().me.user.id).toBe(userId);
    });

    it.each<{ label: string; headers: Record<string, string> }>([
      { label: 'a garbage session cookie', headers: { cookie: 'portal.session_token=garbage' } },
      { label: 'a forged signed cookie', headers: { cookie: 'portal.session_token=abc.def%2Bghi%3D' } },
      { label: 'an unparseable cookie header', headers: { cookie: '=;;;portal.session_token' } },
      { label: 'a garbage bearer token', headers: { authorization: 'Bearer not-a-token' } },
      { label: 'an empty bearer token', headers: { authorization: 'Bearer ' } },
    ])('$label shows nobody signed in instead of failing', async ({ headers }) => {
      const me = await getMe(app, headers);
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual({ me: null });
    });

    it('nobody is signed in without credentials', async () => {
      const me = await getMe(app, {});
      expect(me.json()).toEqual({ me: null });
      expect(me.headers['cache-control']).toBe('no-store');
    });
  });

  describe('roles', () => {
    it.each([
      ['admin@example.com', 'admin'],
      ['instructor@example.com', 'instructor'],
      ['learner@example.com', 'learner'],
    ])('%s is shown as %s', async (email, role) => {
      const { cookie } = await signInAs(app, { email, password: 'demo-password-123' });

      const me = await getMe(app, { cookie });
      expect(me.json().me.role).toBe(role);
    });
  });

  describe('the wrapped auth library', () => {
    it.each(['/api/auth/sign-up/email', '/api/auth/sign-in/email', '/api/auth/sign-in/phone-number'])(
      '%s cannot be used to skip our own rules',
      async (url) => {
        const response = await app.inject({
          method: 'POST',
          url,
          payload: { email: uniqueEmail(), password: 'x', name: 'x' },
        });
        expect(response.statusCode).toBe(404);
      },
    );
  });
  describe('with a limit of three attempts a minute', () => {
    let limited: App;

    beforeAll(async () => {
      limited = await startSiblingApp(database, { authRateLimitPerMinute: 3 });
    });
    afterAll(async () => {
      await limited.close();
    });

    // Limits are counted in the database, for every instance: this caller's address is its own, so the other
    // tests' sign-ins from the loopback address do not count here.
    const attemptSignIn = (headers: Record<string, string> = {}) =>
      limited.inject({
        method: 'POST',
        url: '/api/account/sign-in',
        payload: { email: uniqueEmail('guess'), password: TEST_PASSWORD },
        headers,
        remoteAddress: '198.51.100.77',
      });

    it('the fourth sign-in attempt within a minute is refused with 429', async () => {
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        expect((await attemptSignIn()).statusCode).toBe(401);
      }

      const fourth = await attemptSignIn();
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().error.code).toBe('rate_limited');
      expect(fourth.json().error.message).toMatch(/wait/i);
    });

    it('a made-up forwarding header does not reset the limit', async () => {
      expect((await attemptSignIn({ 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(429);
    });

    it('signing out is limited like the other account actions: the fourth within a minute gets 429', async () => {
      const signOut = () =>
        limited.inject({ method: 'POST', url: '/api/account/sign-out', remoteAddress: '198.51.100.78' });
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        expect((await signOut()).json().error.code).toBe('session_missing');
      }
      const fourth = await signOut();
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().error.code).toBe('rate_limited');
    });

    it('reading who is signed in is not limited', async () => {
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expect((await limited.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(200);
      }
    });
  });
});
