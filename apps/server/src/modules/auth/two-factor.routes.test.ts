import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { profiles } from '../../db/schema.ts';
import { cookieHeaderFrom, currentUserId, signInAs, signUpAndConfirm, TEST_PASSWORD } from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { enrolInTwoFactor, totpCode, wrongTotpCode } from './two-factor.testing.ts';

describe.each(testTargets())('two-factor authentication on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const started = await startTestApp(target);
    app = started.app;
    database = started.database;
    close = started.close;
  });
  afterAll(async () => {
    await close();
  });

  const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, headers });
  const signIn = (email: string, password = TEST_PASSWORD) => post('/api/account/sign-in', { email, password });
  const verify = (payload: Record<string, unknown>, headers: Record<string, string>) =>
    post('/api/account/two-factor/verify', payload, headers);
  const status = async (cookie: string) =>
    (await app.inject({ method: 'GET', url: '/api/account/two-factor', headers: { cookie } })).json();
  const profileFlag = async (userId: string) =>
    (await database.db.select().from(profiles).where(eq(profiles.id, userId)))[0]?.twoFactorEnabled;

  describe('enrolling', () => {
    it('needs the current password, then a code from the authenticator before it is on', async () => {
      const { cookie, userId } = await signUpAndConfirm(app);

      const wrongPassword = await post('/api/account/two-factor/enable', { password: 'not-my-password' }, { cookie });
      expect(wrongPassword.statusCode).toBe(401);
      expect(wrongPassword.json().error.code).toBe('invalid_credentials');

      const enabled = await post('/api/account/two-factor/enable', { password: TEST_PASSWORD }, { cookie });
      expect(enabled.statusCode).toBe(200);
      const { totpURI, secret, backupCodes } = enabled.json();
      expect(totpURI).toMatch(/^otpauth:\/\/totp\/Learning%20Portal:/);
      expect(new URL(totpURI).searchParams.get('secret')).toBe(secret);
      expect(secret).toMatch(/^[A-Z2-7]+$/);
      expect(backupCodes).toHaveLength(10);
      expect(await status(cookie)).toEqual({ enabled: false, backupCodesRemaining: null });

      const wrong = await verify({ code: wrongTotpCode(secret) }, { cookie });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error.code).toBe('invalid_credentials');
      expect(await status(cookie)).toMatchObject({ enabled: false });

      const confirmed = await verify({ code: totpCode(secret) }, { cookie });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json().user.id).toBe(userId);
      const renewed = cookieHeaderFrom(confirmed);
      expect(await currentUserId(app, renewed)).toBe(userId);
      const bearer = await app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { authorization: `Bearer ${confirmed.json().token}` },
      });
      expect(bearer.json().me.user.id).toBe(userId);
      expect(await status(renewed)).toEqual({ enabled: true, backupCodesRemaining: 10 });
      expect(await profileFlag(userId)).toBe(true);
    });

    it('is refused without a session', async () => {
      const response = await post('/api/account/two-factor/enable', { password: TEST_PASSWORD });
      expect(response.statusCode).toBe(401);
    });

    it('cannot be started twice once it is on', async () => {
      const { cookie: first } = await signUpAndConfirm(app);
      const { cookie } = await enrolInTwoFactor(app, { cookie: first });

      const again = await post('/api/account/two-factor/enable', { password: TEST_PASSWORD }, { cookie });
      expect(again.statusCode).toBe(409);
    });
  });

  describe('signing in with two-factor on', () => {
    it('asks for a code instead of signing in, and a correct code completes the sign-in', async () => {
      const { cookie: first, email, userId } = await signUpAndConfirm(app);
      const { secret } = await enrolInTwoFactor(app, { cookie: first });

      const signedIn = await signIn(email);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json()).toEqual({ twoFactorRequired: true });
      const pending = cookieHeaderFrom(signedIn);
      expect(pending).not.toContain('portal.session_token');
      expect(pending).toContain('portal.two_factor');
      expect(await currentUserId(app, pending)).toBeNull();

      // One code for both attempts: computed twice, a 30 s step could pass between them and give a fresh code.
      const code = totpCode(secret);
      const completed = await verify({ code }, { cookie: pending });
      expect(completed.statusCode).toBe(200);
      expect(completed.json().user.id).toBe(userId);
      expect(typeof completed.headers['set-auth-token']).toBe('string');
      expect(await currentUserId(app, cookieHeaderFrom(completed))).toBe(userId);
      const bearer = await app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { authorization: `Bearer ${completed.json().token}` },
      });
      expect(bearer.json().me.user.id).toBe(userId);

      // The same code, seen over the learner's shoulder, does not sign in a second time while it is still valid.
      const again = await signIn(email);
      const replayed = await verify({ code }, { cookie: cookieHeaderFrom(again) });
      expect(replayed.statusCode).toBe(401);
      expect(replayed.json().error.reasons).toEqual(['code_reused']);
      expect(replayed.headers['set-cookie'] ?? '').not.toContain('portal.session_token=');
      expect(replayed.headers['set-auth-token']).toBeUndefined();
      expect(await currentUserId(app, cookieHeaderFrom(completed))).toBe(userId);
    });

    it('refuses a wrong code and signs nobody in', async () => {
      const { cookie: first, email } = await signUpAndConfirm(app);
      const { secret } = await enrolInTwoFactor(app, { cookie: first });
      const pending = cookieHeaderFrom(await signIn(email));

      const wrong = await verify({ code: wrongTotpCode(secret) }, { cookie: pending });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error.code).toBe('invalid_credentials');
      expect(cookieHeaderFrom(wrong)).not.toContain('portal.session_token');
    });

    it('a code without a pending sign-in is refused', async () => {
      const response = await verify({ code: '123456' }, {});
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('unauthorized');
    });

    it('a backup code works once', async () => {
      const { cookie: first, email, userId } = await signUpAndConfirm(app);
      const { backupCodes } = await enrolInTwoFactor(app, { cookie: first });
      const [backupCode = ''] = backupCodes;

      const completed = await verify({ code: backupCode }, { cookie: cookieHeaderFrom(await signIn(email)) });
      expect(completed.statusCode).toBe(200);
      const cookie = cookieHeaderFrom(completed);
      expect(await currentUserId(app, cookie)).toBe(userId);
      expect(await status(cookie)).toEqual({ enabled: true, backupCodesRemaining: 9 });

      const reused = await verify({ code: backupCode }, { cookie: cookieHeaderFrom(await signIn(email)) });
      expect(reused.statusCode).toBe(401);
      expect(reused.json().error.code).toBe('invalid_credentials');
    });

    it('a backup code typed without its dash is accepted', async () => {
      const { cookie: first, email } = await signUpAndConfirm(app);
      const { backupCodes } = await enrolInTwoFactor(app, { cookie: first });

      const completed = await verify(
        { code: (backupCodes[1] ?? '').replace('-', '') },
        { cookie: cookieHeaderFrom(await signIn(email)) },
      );
      expect(completed.statusCode).toBe(200);
    });

    it('a wrong password is still refused before any code is asked', async () => {
      const { cookie: first, email } = await signUpAndConfirm(app);
      await enrolInTwoFactor(app, { cookie: first });

      const response = await signIn(email, 'not-the-password');
      expect(response.statusCode).toBe(401);
      expect(cookieHeaderFrom(response)).not.toContain('portal.two_factor');
    });
  });

  describe('backup codes', () => {
    it('can be shown and replaced with the current password', async () => {
      const { cookie: first } = await signUpAndConfirm(app);
      const { backupCodes, cookie } = await enrolInTwoFactor(app, { cookie: first });

      const shown = await post('/api/account/two-factor/backup-codes/view', { password: TEST_PASSWORD }, { cookie });
      expect(shown.statusCode).toBe(200);
      expect(shown.json().backupCodes).toEqual(backupCodes);

      const refused = await post('/api/account/two-factor/backup-codes', { password: 'not-my-password' }, { cookie });
      expect(refused.statusCode).toBe(401);

      const replaced = await post('/api/account/two-factor/backup-codes', { password: TEST_PASSWORD }, { cookie });
      expect(replaced.statusCode).toBe(200);
      const fresh: string[] = replaced.json().backupCodes;
      expect(fresh).toHaveLength(10);
      expect(fresh.some((code) => backupCodes.includes(code))).toBe(false);
    });

    it('an old code stops working once they are replaced', async () => {
      const { cookie: first, email } = await signUpAndConfirm(app);
      const { backupCodes, cookie } = await enrolInTwoFactor(app, { cookie: first });
      await post('/api/account/two-factor/backup-codes', { password: TEST_PASSWORD }, { cookie });

      const old = await verify({ code: backupCodes[0] }, { cookie: cookieHeaderFrom(await signIn(email)) });
      expect(old.statusCode).toBe(401);
    });

    it('are refused while two-factor is off', async () => {
      const { cookie } = await signUpAndConfirm(app);
      const response = await post('/api/account/two-factor/backup-codes', { password: TEST_PASSWORD }, { cookie });
      expect(response.statusCode).toBe(409);
    });
  });

  describe('turning it off', () => {
    it('needs the current password; afterwards the password alone signs in again', async () => {
      const { cookie: first, email, userId } = await signUpAndConfirm(app);
      const { cookie } = await enrolInTwoFactor(app, { cookie: first });

      const refused = await post('/api/account/two-factor/disable', { password: 'not-my-password' }, { cookie });
      expect(refused.statusCode).toBe(401);
      expect(await status(cookie)).toMatchObject({ enabled: true });

      const disabled = await post('/api/account/two-factor/disable', { password: TEST_PASSWORD }, { cookie });
      expect(disabled.statusCode).toBe(200);
      expect(await currentUserId(app, cookieHeaderFrom(disabled))).toBe(userId);
      expect(await profileFlag(userId)).toBe(false);

      const signedIn = await signInAs(app, { email, password: TEST_PASSWORD });
      expect(signedIn.userId).toBe(userId);
    });
  });
});
