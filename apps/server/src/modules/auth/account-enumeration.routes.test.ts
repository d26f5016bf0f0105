import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import {
  codeIn,
  latestMessageTo,
  readMailbox,
  signUp,
  signUpAndConfirm,
  TEST_PASSWORD,
  uniqueEmail,
  uniquePhoneNumber,
} from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';

type Response = Awaited<ReturnType<App['inject']>>;

/** What a caller can see of an answer, apart from values that differ on every request. */
function visible(response: Response) {
  return {
    status: response.statusCode,
    body: response.json(),
    cookies: response.cookies.map((cookie) => cookie.name).sort(),
  };
}

describe.each(testTargets())('no account enumeration on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const started = await startTestApp(target);
    app = started.app;
    close = started.close;
  });
  afterAll(async () => {
    await close();
  });

  const messagesTo = async (recipient: string) =>
    (await readMailbox(app)).filter((message) => message.recipient === recipient);
  const signIn = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/account/sign-in', payload });
  const requestReset = (email: string) =>
    app.inject({ method: 'POST', url: '/api/account/request-password-reset', payload: { email } });

  describe('signing up', () => {
    it('with a registered address answers exactly as with a new one, and mails the owner a sign-in hint', async () => {
      const owner = await signUpAndConfirm(app);

      const fresh = await signUp(app, { email: uniqueEmail('fresh'), password: 'meadow-lantern-otter-9' });
      const taken = await signUp(app, { email: owner.email, password: 'meadow-lantern-otter-9' });

      expect(visible(taken)).toEqual(visible(fresh));
      expect(taken.statusCode).toBe(201);
      const notice = await latestMessageTo(app, owner.email);
      expect(notice.subject).toBe('Someone tried to register with your address');
      expect(notice.text).toContain('http://localhost:3000/login');
      expect(notice.text).toContain('http://localhost:3000/reset-password');
    });

    it('an address waiting for confirmation is answered the same, and its owner is told too', async () => {
      const email = uniqueEmail('pending');
      const first = await signUp(app, { email, password: TEST_PASSWORD });

      const again = await signUp(app, { email, password: TEST_PASSWORD });
      expect(visible(again)).toEqual(visible(first));
      expect((await latestMessageTo(app, email)).subject).toBe('Someone tried to register with your address');
    });

    it('the notice is written in the owner’s language, not the one of whoever tried', async () => {
      const owner = await signUpAndConfirm(app);
      const chosen = await app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: { cookie: owner.cookie },
        payload: { primary_language: 'German' },
      });
      expect(chosen.statusCode).toBe(200);

      await app.inject({
        method: 'POST',
        url: '/api/account/sign-up',
        headers: { 'accept-language': 'zh-CN' },
        payload: { email: owner.email, password: 'meadow-lantern-otter-9' },
      });
      expect((await latestMessageTo(app, owner.email)).subject).toBe(
        'Jemand wollte sich mit Ihrer Adresse registrieren',
      );
    });
  });

  describe('asking for a password reset', () => {
    it('answers the same for a known and an unknown address; only the known one gets a link', async () => {
      const { email } = await signUpAndConfirm(app);
      const stranger = uniqueEmail('stranger');

      const known = await requestReset(email);
      const unknown = await requestReset(stranger);

      expect(visible(known)).toEqual(visible(unknown));
      expect(known.statusCode).toBe(200);
      expect((await latestMessageTo(app, email)).subject).toBe('Reset your password');
      expect(await messagesTo(stranger)).toEqual([]);
    });
  });

  describe('signing in', () => {
    it('an unconfirmed account with the right password reads exactly like a wrong password or no account', async () => {
      const confirmed = await signUpAndConfirm(app);
      const unconfirmed = uniqueEmail('unconfirmed');
      await signUp(app, { email: unconfirmed, password: TEST_PASSWORD });

      const pending = await signIn({ email: unconfirmed, password: TEST_PASSWORD });
      const wrong = await signIn({ email: confirmed.email, password: 'not-the-right-password' });
      const nobody = await signIn({ email: uniqueEmail('nobody'), password: TEST_PASSWORD });

      expect(pending.statusCode).toBe(401);
      expect(visible(pending)).toEqual(visible(wrong));
      expect(visible(nobody)).toEqual(visible(wrong));
      expect(wrong.json().error.code).toBe('invalid_credentials');
    });

    it('an unconfirmed phone number reads like a wrong password; its owner gets a fresh code by text', async () => {
      const confirmed = uniquePhoneNumber();
      await signUp(app, { phoneNumber: confirmed, password: TEST_PASSWORD });
      const verified = await app.inject({
        method: 'POST',
        url: '/api/account/verify-phone',
        payload: { phoneNumber: confirmed, code: codeIn(await latestMessageTo(app, confirmed)) },
      });
      expect(verified.statusCode).toBe(200);
      const unconfirmed = uniquePhoneNumber();
      await signUp(app, { phoneNumber: unconfirmed, password: TEST_PASSWORD });
      const codesBefore = (await messagesTo(unconfirmed)).length;

      const pending = await signIn({ phoneNumber: unconfirmed, password: TEST_PASSWORD });
      const wrong = await signIn({ phoneNumber: confirmed, password: 'not-the-right-password' });

      expect(visible(pending)).toEqual(visible(wrong));
      expect((await messagesTo(unconfirmed)).length).toBe(codesBefore + 1);
    });
  });

  describe('changing the email address', () => {
    it('to an address another account holds answers as for a free one, changes nothing and tells that owner', async () => {
      const owner = await signUpAndConfirm(app);
      const mover = await signUpAndConfirm(app);
      const changeEmail = (newEmail: string) =>
        app.inject({
          method: 'POST',
          url: '/api/account/change-email',
          headers: { cookie: mover.cookie },
          payload: { newEmail },
        });

      const free = await changeEmail(uniqueEmail('free'));
      const taken = await changeEmail(owner.email);

      expect(visible(taken)).toEqual(visible(free));
      expect(taken.statusCode).toBe(200);
      const notice = await latestMessageTo(app, owner.email);
      expect(notice.subject).toBe('Someone tried to register with your address');
      const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: mover.cookie } });
      expect(me.json().me.user.email).toBe(mover.email);
      expect((await signIn({ email: owner.email, password: owner.password })).statusCode).toBe(200);
    });
  });
});
