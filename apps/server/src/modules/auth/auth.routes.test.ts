import { SPEC_MESSAGES } from '@portal/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { seedDemoData } from '../../db/seed-demo.ts';
import {
  codeIn,
  cookieHeaderFrom,
  currentUserId,
  getMe,
  latestMessageTo,
  linkIn,
  readMailbox,
  signInAs,
  signUp,
  signUpAndConfirm,
  TEST_PASSWORD,
  uniqueEmail,
  uniquePhoneNumber,
} from '../../testing/factories.ts';
import { startSiblingApp, startTestApp, testTargets } from '../../testing/test-app.ts';

describe.each(testTargets())('accounts on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const started = await startTestApp(target);
    app = started.app;
    database = started.database;
    close = started.close;
    await seedDemoData({ app, db: started.database.db });
  });
  afterAll(async () => {
    await close();
  });

  const signIn = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/account/sign-in', payload, headers });

  describe('signing up with an email address', () => {
    it('needs the emailed link before sign-in works, then signs in as a learner', async () => {
      const email = uniqueEmail('ella');

      const signedUp = await signUp(app, { email, password: TEST_PASSWORD, name: 'Ella Example' });
      expect(signedUp.statusCode).toBe(201);
      expect(signedUp.json()).toEqual({ verification: 'email' });

      const mail = await latestMessageTo(app, email);
      expect(mail.channel).toBe('email');
      const link = linkIn(mail);
      expect(link).toMatch(/^\/api\/auth\/verify-email\?token=[^&]+&callbackURL=(\/|%2F)auth(\/|%2F)confirm$/);

      const early = await signIn({ email, password: TEST_PASSWORD });
      expect(early.statusCode).toBe(401);
      expect(early.json().error.code).toBe('invalid_credentials');

      const confirmed = await app.inject({ method: 'GET', url: link });
      expect(confirmed.statusCode).toBe(302);
      // The page shows success only with the flag the server adds after accepting the link.
      expect(confirmed.headers.location).toBe('/auth/confirm?confirmed=1');

      const signedIn = await signIn({ email, password: TEST_PASSWORD });
      expect(signedIn.statusCode).toBe(200);
      const cookie = cookieHeaderFrom(signedIn);
      expect(cookie).toContain('portal.session_token=');

      const me = await getMe(app, { cookie });
      expect(me.json()).toEqual({
        me: {
          user: {
            id: signedIn.json().user.id,
            name: 'Ella Example',
            email,
            emailVerified: true,
            phoneNumber: null,
          },
          role: 'learner',
        },
      });
    });

    it('signs the user in when they follow the confirmation link', async () => {
      const { cookie, email } = await signUpAndConfirm(app);

      const me = await getMe(app, { cookie });
      expect(me.json().me.user.email).toBe(email);
    });

    it('accepts the address in any letter case and stores it in lower case', async () => {
      const email = uniqueEmail('casey');
      await signUpAndConfirm(app, { email });

      const signedIn = await signIn({ email: email.toUpperCase(), password: TEST_PASSWORD });
      expect(signedIn.statusCode).toBe(200);
    });

    it('a refused early sign-in and a resend request each send a fresh link that works', async () => {
      const email = uniqueEmail('resend');
      await signUp(app, { email, password: TEST_PASSWORD });
      const countTo = async () => (await readMailbox(app)).filter((message) => message.recipient === email).length;
      expect(await countTo()).toBe(1);

      await signIn({ email, password: TEST_PASSWORD });
      expect(await countTo()).toBe(2);

      const resent = await app.inject({ method: 'POST', url: '/api/account/resend-verification', payload: { email } });
      expect(resent.statusCode).toBe(200);
      expect(await countTo()).toBe(3);

      const confirmed = await app.inject({ method: 'GET', url: linkIn(await latestMessageTo(app, email)) });
      expect(await currentUserId(app, cookieHeaderFrom(confirmed))).not.toBeNull();
    });

    it('a broken confirmation link signs nobody in and says why', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/auth/verify-email?token=not-a-token&callbackURL=/auth/confirm',
      });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/auth/confirm?error=INVALID_TOKEN');
      expect(cookieHeaderFrom(response)).not.toContain('portal.session_token');
    });

    it('a second sign-up with the same address makes no second account and leaves the password alone', async () => {
      const { email } = await signUpAndConfirm(app);

      const again = await signUp(app, { email, password: 'another-password-42' });
      expect(again.statusCode).toBe(201);
      expect((await signIn({ email, password: 'another-password-42' })).statusCode).toBe(401);
      expect((await signIn({ email, password: TEST_PASSWORD })).statusCode).toBe(200);
    });
  });

  describe('signing up with a phone number only', () => {
    it('texts a 6-digit code that signs the user in, after which phone and password work', async () => {
      const phoneNumber = uniquePhoneNumber();

      const signedUp = await signUp(app, { phoneNumber, password: TEST_PASSWORD });
      expect(signedUp.statusCode).toBe(201);
      expect(signedUp.json()).toEqual({ verification: 'sms' });

      const sms = await latestMessageTo(app, phoneNumber);
      expect(sms.channel).toBe('sms');
      const code = codeIn(sms);

      const early = await signIn({ phoneNumber, password: TEST_PASSWORD });
      expect(early.statusCode).toBe(401);
      expect(early.json().error.code).toBe('invalid_credentials');

      const wrong = await app.inject({
        method: 'POST',
        url: '/api/account/verify-phone',
        payload: { phoneNumber, code: code === '000000' ? '111111' : '000000' },
      });
      expect(wrong.statusCode).toBe(400);

      const verified = await app.inject({
        method: 'POST',
        url: '/api/account/verify-phone',
        payload: { phoneNumber, code: codeIn(await latestMessageTo(app, phoneNumber)) },
      });
      expect(verified.statusCode).toBe(200);
      const verifiedMe = await getMe(app, { cookie: cookieHeaderFrom(verified) });
      expect(verifiedMe.json().me.user).toMatchObject({ email: null, phoneNumber });

      const signedIn = await signIn({ phoneNumber, password: TEST_PASSWORD });
      expect(signedIn.statusCode).toBe(200);
      const me = await getMe(app, { cookie: cookieHeaderFrom(signedIn) });
      expect(me.json().me).toMatchObject({ user: { phoneNumber, email: null }, role: 'learner' });
    });

    it('a new code can be requested, and a wrong password is refused once verified', async () => {
      const phoneNumber = uniquePhoneNumber();
      await signUp(app, { phoneNumber, password: TEST_PASSWORD });

      const resent = await app.inject({
        method: 'POST',
        url: '/api/account/resend-verification',
        payload: { phoneNumber },
      });
      expect(resent.statusCode).toBe(200);
      const verified = await app.inject({
        method: 'POST',
        url: '/api/account/verify-phone',
        payload: { phoneNumber, code: codeIn(await latestMessageTo(app, phoneNumber)) },
      });
      expect(verified.statusCode).toBe(200);

      const wrong = await signIn({ phoneNumber, password: 'not-the-password' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error.code).toBe('invalid_credentials');
    });

    it('sends no code to a number without an account, or to one already confirmed, yet answers the same', async () => {
      const stranger = uniquePhoneNumber();
      const before = (await readMailbox(app)).filter((message) => message.recipient === stranger).length;
      const unknown = await app.inject({
        method: 'POST',
        url: '/api/account/resend-verification',
        payload: { phoneNumber: stranger },
      });
      expect(unknown.statusCode).toBe(200);
      expect((await readMailbox(app)).filter((message) => message.recipient === stranger).length).toBe(before);

      const phoneNumber = uniquePhoneNumber();
      await signUp(app, { phoneNumber, password: TEST_PASSWORD });
      await app.inject({
        method: 'POST',
        url: '/api/account/verify-phone',
        payload: { phoneNumber, code: codeIn(await latestMessageTo(app, phoneNumber)) },
      });
      const sent = (await readMailbox(app)).filter((message) => message.recipient === phoneNumber).length;
      const confirmed = await app.inject({
        method: 'POST',
        url: '/api/account/resend-verification',
        payload: { phoneNumber },
      });
      expect(confirmed.statusCode).toBe(200);
      expect((await readMailbox(app)).filter((message) => message.recipient === phoneNumber).length).toBe(sent);
    });

    it('a second sign-up with the same number answers like the first and texts the owner instead of a code', async () => {
      const phoneNumber = uniquePhoneNumber();
      const first = await signUp(app, { phoneNumber, password: TEST_PASSWORD });
      expect(first.statusCode).toBe(201);

      const again = await signUp(app, { phoneNumber, password: 'another-password-42' });
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect((await latestMessageTo(app, phoneNumber)).subject).toBe('Someone tried to register with your number');
    });
  });

  describe('signing up with both an email address and a phone number', () => {
    it('confirms by email and keeps the phone number on the account', async () => {
      const email = uniqueEmail('both');
      const phoneNumber = uniquePhoneNumber();

      const signedUp = await signUp(app, { email, phoneNumber, password: TEST_PASSWORD });
      expect(signedUp.statusCode).toBe(201);
      expect(signedUp.json()).toEqual({ verification: 'email' });
      await expect(latestMessageTo(app, phoneNumber)).rejects.toThrow();

      const confirmed = await app.inject({ method: 'GET', url: linkIn(await latestMessageTo(app, email)) });
      const me = await getMe(app, { cookie: cookieHeaderFrom(confirmed) });
      expect(me.json().me.user).toMatchObject({ email, phoneNumber, emailVerified: true });
    });

    it('a phone number that another account uses stays with it; the new account is made without it', async () => {
      const phoneNumber = uniquePhoneNumber();
      expect((await signUp(app, { email: uniqueEmail(), phoneNumber, password: TEST_PASSWORD })).statusCode).toBe(201);

      const email = uniqueEmail('second');
      const again = await signUp(app, { email, phoneNumber, password: TEST_PASSWORD });
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual({ verification: 'email' });
      const confirmed = await app.inject({ method: 'GET', url: linkIn(await latestMessageTo(app, email)) });
      const me = await getMe(app, { cookie: cookieHeaderFrom(confirmed) });
      expect(me.json().me.user).toMatchObject({ email, phoneNumber: null });
    });
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

    it('reading who is signed in is not limited', async () => {
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expect((await limited.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(200);
      }
    });
  });
});
