import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import {
  codeIn,
  cookieHeaderFrom,
  currentUserId,
  getMe,
  latestMessageTo,
  linkIn,
  readMailbox,
  signUp,
  signUpAndConfirm,
  TEST_PASSWORD,
  uniqueEmail,
  uniquePhoneNumber,
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
});
