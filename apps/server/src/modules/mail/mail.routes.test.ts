import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import {
  latestMessageTo,
  readMailbox,
  TEST_PASSWORD,
  uniqueEmail,
  uniquePhoneNumber,
} from '../../testing/factories.ts';
import { startSiblingApp, startTestApp, testTargets } from '../../testing/test-app.ts';
import { mailOutbox } from './mail.table.ts';

describe.each(testTargets())('the dev mailbox on $name', (target) => {
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

  const signUpWith = (email: string, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/api/account/sign-up', payload: { email, password: TEST_PASSWORD }, headers });

  it('lists the newest message first with its channel, recipient and text', async () => {
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await signUpWith(first, {});
    await signUpWith(second, {});

    const messages = await readMailbox(app);
    const recipients = messages.map((message) => message.recipient);
    expect(recipients.indexOf(second)).toBeLessThan(recipients.indexOf(first));
    expect(messages[0]).toMatchObject({ channel: 'email', recipient: second, subject: 'Confirm your email address' });
    expect(messages[0]?.text).toContain('http://localhost:3000/api/auth/verify-email?token=');
  });

  it.each<{ headers: Record<string, string>; subject: string }>([
    { headers: { 'x-portal-language': 'de' }, subject: 'Bestätigen Sie Ihre E-Mail-Adresse' },
    { headers: { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' }, subject: '请确认您的电子邮件地址' },
    { headers: { 'accept-language': 'fr-FR' }, subject: 'Confirm your email address' },
    { headers: { 'x-portal-language': '<script>alert(1)</script>' }, subject: 'Confirm your email address' },
  ])('the confirmation is written in the language of the request ($subject)', async ({ headers, subject }) => {
    const email = uniqueEmail('lang');
    await signUpWith(email, headers);

    expect((await latestMessageTo(app, email)).subject).toBe(subject);
  });

  it('the password reset mail is written in the language of the request', async () => {
    const email = uniqueEmail('reset');
    await signUpWith(email, {});

    await app.inject({
      method: 'POST',
      url: '/api/account/request-password-reset',
      payload: { email },
      headers: { 'x-portal-language': 'de' },
    });
    expect((await latestMessageTo(app, email)).subject).toBe('Passwort zurücksetzen');
  });

  it('the code texted to a phone is written in the language of the request', async () => {
    const phoneNumber = uniquePhoneNumber();
    await app.inject({
      method: 'POST',
      url: '/api/account/sign-up',
      payload: { phoneNumber, password: TEST_PASSWORD },
      headers: { 'accept-language': 'de-DE' },
    });

    expect((await latestMessageTo(app, phoneNumber)).text).toMatch(/^Ihr Lernportal-Code lautet \d{6}\./);
  });

  it('without the dev mailbox the route is not served, but messages are still recorded', async () => {
    const withoutMailbox = await startSiblingApp(database, { devMailbox: false });
    try {
      const before = await database.db.$count(mailOutbox);
      await withoutMailbox.inject({
        method: 'POST',
        url: '/api/account/sign-up',
        payload: { email: uniqueEmail(), password: TEST_PASSWORD },
      });

      const response = await withoutMailbox.inject({ method: 'GET', url: '/api/dev/mailbox' });
      expect(response.statusCode).toBe(404);
      expect(await database.db.$count(mailOutbox)).toBe(before + 1);
    } finally {
      await withoutMailbox.close();
    }
  });
});
