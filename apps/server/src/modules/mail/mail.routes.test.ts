import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import {
  grantRole,
  latestMessageTo,
  readMailbox,
  signUpAndConfirm,
  TEST_PASSWORD,
  uniqueEmail,
  uniquePhoneNumber,
} from '../../testing/factories.ts';
import { startSiblingApp, startTestApp, testTargets } from '../../testing/test-app.ts';
import { createRolesRepository } from '../auth/roles.repository.ts';
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

  it('only a signed-in admin reads it: signed out 401, a learner 403, an admin sees the messages', async () => {
    const learner = await signUpAndConfirm(app);
    const admin = await signUpAndConfirm(app);
    await grantRole(app, admin.userId, 'admin');
    const read = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/dev/mailbox', headers });

    const anonymous = await read({});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain(learner.email);
    const asLearner = await read({ cookie: learner.cookie });
    expect(asLearner.statusCode).toBe(403);
    expect(asLearner.body).not.toContain(learner.email);
    const asAdmin = await read({ cookie: admin.cookie });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json<{ messages: Array<{ recipient: string }> }>().messages.map((m) => m.recipient)).toContain(
      learner.email,
    );
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

describe.each(testTargets())('the outbox of a production server on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let dataDir: string;

  beforeAll(async () => {
    const started = await startTestApp(target);
    app = started.app;
    database = started.database;
    close = started.close;
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-production-'));
  });
  afterAll(async () => {
    await close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('cannot be read by anyone, so a stranger cannot take over the admin with a reset link; the link reaches the server log', async () => {
    const admin = await signUpAndConfirm(app, { email: uniqueEmail('admin') });
    await createRolesRepository({ db: database.db }).grant(admin.userId, 'admin');
    // `npm start`: NODE_ENV=production, the embedded database, no SMTP.
    const production = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir });
    const logged: string[] = [];
    const server = await startSiblingApp(
      database,
      { env: production.env, host: production.host, devMailbox: production.devMailbox, smtp: production.smtp },
      { level: production.logLevel, stream: { write: (line: string) => logged.push(line) } },
    );
    try {
      const requested = await server.inject({
        method: 'POST',
        url: '/api/account/request-password-reset',
        payload: { email: admin.email },
      });
      expect(requested.statusCode).toBe(200);
      const resetLink = (await latestMessageTo(app, admin.email)).text.match(/https?:\/\/\S+/)?.[0] ?? '';
      expect(resetLink).toContain('reset-password');

      for (const headers of [{}, { cookie: admin.cookie }]) {
        const mailbox = await server.inject({ method: 'GET', url: '/api/dev/mailbox', headers });
        expect(mailbox.statusCode).toBe(404);
        expect(mailbox.body).not.toContain(resetLink);
      }
      const warnings = logged.map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(warnings.filter((entry) => entry.msg.includes(resetLink)).map((entry) => entry.level)).toEqual([40]);
    } finally {
      await server.close();
    }
  });
});
