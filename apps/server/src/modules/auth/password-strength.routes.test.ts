import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import {
  passwordResetToken,
  readMailbox,
  signUp,
  signUpAndConfirm,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';

const STRONG_PASSWORD = 'lantern-otter-meadow-7';

/** Each kind of weak password with the reason the user is given. */
const weakPasswords = [
  { label: 'shorter than 10 characters', password: () => 'Xq7#pLm2', reason: 'Use at least 10 characters.' },
  {
    label: 'a common password',
    password: () => 'password1234',
    reason: 'This is one of the most common passwords. Choose another one.',
  },
  {
    label: 'the email address itself',
    password: (email: string) => email,
    reason: 'Do not base it on your email address, name or phone number.',
  },
  {
    label: 'the email address with a year added',
    password: (email: string) => `${email.split('@')[0]}2024`,
    reason: 'Do not base it on your email address, name or phone number.',
  },
  {
    label: 'long but easy to guess',
    password: () => 'abcdefghijklmnop',
    reason: 'It is too easy to guess. Add more words or characters.',
  },
];

describe.each(testTargets())('password strength on $name', (target) => {
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

  const signIn = (email: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/account/sign-in', payload: { email, password } });

  it.each(weakPasswords)('sign-up refuses $label with 422 and the reason, and makes no account', async (weak) => {
    const email = uniqueEmail('weak');

    const response = await signUp(app, { email, password: weak.password(email) });

    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('weak_password');
    expect(response.json().error.reasons).toContain(weak.reason);
    expect((await readMailbox(app)).some((message) => message.recipient === email)).toBe(false);
  });

  it('sign-up refuses a password made of the name given', async () => {
    const response = await signUp(app, { email: uniqueEmail(), name: 'Wilhelmina Oberdorf', password: 'Oberdorf1990' });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.reasons).toContain('Do not base it on your email address, name or phone number.');
  });

  it.each(weakPasswords)('a reset refuses $label; the link still works for a strong one', async (weak) => {
    const { email } = await signUpAndConfirm(app);
    const token = await passwordResetToken(app, email);
    const reset = (newPassword: string) =>
      app.inject({ method: 'POST', url: '/api/account/reset-password', payload: { token, newPassword } });

    const refused = await reset(weak.password(email));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.reasons).toContain(weak.reason);
    expect((await signIn(email, TEST_PASSWORD)).statusCode).toBe(200);

    expect((await reset(STRONG_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it.each(weakPasswords)('changing the password refuses $label and keeps the old one', async (weak) => {
    const { email, cookie } = await signUpAndConfirm(app);

    const refused = await app.inject({
      method: 'POST',
      url: '/api/account/change-password',
      headers: { cookie },
      payload: { currentPassword: TEST_PASSWORD, newPassword: weak.password(email) },
    });

    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.reasons).toContain(weak.reason);
    expect((await signIn(email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});
