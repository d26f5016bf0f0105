import { eq, inArray, like, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import {
  accounts,
  auditEvents,
  mailOutbox,
  profiles,
  sessions,
  subscriptions,
  twoFactors,
  userConsent,
  userRoles,
  users,
  verifications,
} from '../../db/schema.ts';
import {
  codeIn,
  cookieHeaderFrom,
  currentUserId,
  latestMessageTo,
  linkIn,
  signInAs,
  signUp,
  signUpAndConfirm,
  TEST_PASSWORD,
  uniqueEmail,
  uniquePhoneNumber,
} from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { enrolInTwoFactor } from '../auth/two-factor.testing.ts';
import { createAccountDataRepository } from './account-data.repository.ts';
import { createAccountDataService } from './account-data.service.ts';

describe.each(testTargets())('account data on $name', (target) => {
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

  const exportData = (cookie: string) => app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie } });
  const deleteAccount = (cookie: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/account/delete', headers: { cookie }, payload });

  /** A learner with a bit of everything: a plan, a role, cookie choices, two-factor and a second device. */
  async function busyLearner() {
    const email = uniqueEmail('busy');
    const phoneNumber = uniquePhoneNumber();
    await signUp(app, { email, phoneNumber, password: TEST_PASSWORD, name: 'Bea Busy' });
    const confirmed = await app.inject({ method: 'GET', url: linkIn(await latestMessageTo(app, email)) });
    const cookie = cookieHeaderFrom(confirmed);
    const userId = (await currentUserId(app, cookie)) ?? '';
    await app.inject({ method: 'POST', url: '/api/account/resend-verification', payload: { phoneNumber } });
    await database.db.insert(userRoles).values({ userId, role: 'learner' });
    const headers = { cookie };
    await app.inject({ method: 'POST', url: '/api/subscription/checkout', headers, payload: { tier: 'calm' } });
    await app.inject({
      method: 'POST',
      url: '/api/consent',
      headers,
      payload: { analytics: true, marketing: false, functional: true },
    });
    const enrolled = await enrolInTwoFactor(app, { cookie });
    return { email, userId, phoneNumber, ...enrolled };
  }

  describe('exporting', () => {
    it('downloads everything held on the caller as a dated JSON attachment', async () => {
      const learner = await busyLearner();

      const asked = Date.now();
      const response = await exportData(learner.cookie);
      const answered = Date.now();
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const data = response.json();
      // The file is dated by the export's own instant: a day read again after it could be the next one at midnight.
      expect(Date.parse(data.exported_at)).toBeGreaterThanOrEqual(asked);
      expect(Date.parse(data.exported_at)).toBeLessThanOrEqual(answered);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="learning-portal-export-${data.exported_at.slice(0, 10)}.json"`,
      );
      expect(data.user).toMatchObject({
        id: learner.userId,
        email: learner.email,
        name: 'Bea Busy',
        phone_number: learner.phoneNumber,
        two_factor_enabled: true,
      });
      expect(data.profile).toMatchObject({ id: learner.userId, full_name: 'Bea Busy', two_factor_enabled: true });
      expect(data.roles).toEqual([expect.objectContaining({ role: 'learner' })]);
      expect(data.subscription).toMatchObject({ tier: 'calm', status: 'active' });
      expect(data.sessions.length).toBeGreaterThanOrEqual(1);
      expect(data.sign_in_methods).toEqual([expect.objectContaining({ provider_id: 'credential' })]);
      expect(data.consent).toEqual(
        expect.arrayContaining([expect.objectContaining({ consent_type: 'analytics', is_granted: true })]),
      );
      expect(Array.isArray(data.audit_events)).toBe(true);
      const subjects = data.messages.map((message: { subject: string }) => message.subject);
      expect(subjects.length).toBeGreaterThanOrEqual(1);
      expect(data.messages.map((message: { recipient: string }) => message.recipient)).toEqual(
        expect.arrayContaining([learner.email]),
      );
    });

    it('holds no password hash, session token, two-factor secret or backup code', async () => {
      const learner = await busyLearner();
      const response = await exportData(learner.cookie);
      const body = response.body;

      const [credential] = await database.db.select().from(accounts).where(eq(accounts.userId, learner.userId));
      const tokens = await database.db.select().from(sessions).where(eq(sessions.userId, learner.userId));
      const [stored] = await database.db.select().from(twoFactors).where(eq(twoFactors.userId, learner.userId));
      const secrets = [
        credential?.password,
        ...tokens.map((session) => session.token),
        stored?.secret,
        stored?.backupCodes,
        learner.secret,
        ...learner.backupCodes,
      ];
      expect(secrets.every((secret) => typeof secret === 'string' && secret.length > 0)).toBe(true);
      for (const secret of secrets) expect(body).not.toContain(secret);
      expect(body).not.toMatch(/"(password|token|secret|backup_codes)"/);
      expect(body).not.toMatch(/verify-email\?token=/);
      const textedCode = codeIn(await latestMessageTo(app, learner.phoneNumber));
      expect(body).not.toContain(textedCode);
    });

    it('holds nothing of anyone else', async () => {
      const mine = await signUpAndConfirm(app);
      const theirs = await signUpAndConfirm(app);

      const body = (await exportData(mine.cookie)).body;
      expect(body).toContain(mine.email);
      expect(body).not.toContain(theirs.email);
      expect(body).not.toContain(theirs.userId);
    });

    it('needs a session', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/account/export' });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('the audit trail', () => {
    const actionsOf = async (userId: string) =>
      (await database.db.select().from(auditEvents).where(eq(auditEvents.userId, userId))).map((event) => event.action);

    it('records each export and the deletion, and keeps them after the account is gone', async () => {
      const learner = await signUpAndConfirm(app);

      await exportData(learner.cookie);
      await deleteAccount(learner.cookie, { password: TEST_PASSWORD, confirm: 'DELETE' });

      expect(await actionsOf(learner.userId)).toEqual(expect.arrayContaining(['account.export', 'account.delete']));
    });

    it('a refused deletion is not recorded as one', async () => {
      const learner = await signUpAndConfirm(app);

      await deleteAccount(learner.cookie, { password: 'not-my-password', confirm: 'DELETE' });

      expect(await actionsOf(learner.userId)).not.toContain('account.delete');
    });

    it('an audit failure is logged and the export still succeeds', async () => {
      const learner = await signUpAndConfirm(app);
      const service = createAccountDataService({
        repository: createAccountDataRepository({ db: database.db }),
        auth: app.authInstance,
        audit: async () => {
          throw new Error('audit store down');
        },
      });
      const logged: unknown[] = [];

      const data = await service.exportAccount({
        userId: learner.userId,
        ipAddress: null,
        log: { error: (entry: unknown) => logged.push(entry) },
      });
      expect(data.user).toMatchObject({ id: learner.userId });
      expect(logged).toHaveLength(1);
    });
  });

  describe('deleting the account', () => {
    const rowsOf = async (userId: string, [email, phoneNumber]: [string, string]) => ({
      users: await database.db.select().from(users).where(eq(users.id, userId)),
      profiles: await database.db.select().from(profiles).where(eq(profiles.id, userId)),
      sessions: await database.db.select().from(sessions).where(eq(sessions.userId, userId)),
      accounts: await database.db.select().from(accounts).where(eq(accounts.userId, userId)),
      twoFactors: await database.db.select().from(twoFactors).where(eq(twoFactors.userId, userId)),
      roles: await database.db.select().from(userRoles).where(eq(userRoles.userId, userId)),
      subscriptions: await database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
      consent: await database.db.select().from(userConsent).where(eq(userConsent.userId, userId)),
      messages: await database.db
        .select()
        .from(mailOutbox)
        .where(inArray(mailOutbox.recipient, [email, phoneNumber])),
      verifications: await database.db
        .select()
        .from(verifications)
        .where(or(eq(verifications.value, userId), like(verifications.identifier, `%${phoneNumber}`))),
    });

    it('with the password and DELETE removes the user and every row of theirs, and signs them out', async () => {
      const learner = await busyLearner();
      const recipients: [string, string] = [learner.email, learner.phoneNumber];
      const before = await rowsOf(learner.userId, recipients);
      for (const [table, rows] of Object.entries(before)) expect(rows.length, table).toBeGreaterThan(0);

      const response = await deleteAccount(learner.cookie, { password: TEST_PASSWORD, confirm: 'DELETE' });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(response.cookies.find((cookie) => cookie.name === 'portal.session_token')?.value ?? '').toBe('');

      const after = await rowsOf(learner.userId, recipients);
      for (const [table, rows] of Object.entries(after)) expect(rows, table).toEqual([]);
      expect(await currentUserId(app, learner.cookie)).toBeNull();
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/account/sign-in',
        payload: { email: learner.email, password: TEST_PASSWORD },
      });
      expect(signIn.statusCode).toBe(401);
    });

    it('frees the email address for a new sign-up', async () => {
      const learner = await signUpAndConfirm(app);
      await deleteAccount(learner.cookie, { password: TEST_PASSWORD, confirm: 'DELETE' });

      const again = await signUpAndConfirm(app, { email: learner.email });
      expect(again.userId).not.toBe(learner.userId);
    });

    it('refuses a wrong or missing password and keeps everything', async () => {
      const learner = await signUpAndConfirm(app);

      const wrong = await deleteAccount(learner.cookie, { password: 'not-my-password', confirm: 'DELETE' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error.code).toBe('invalid_credentials');
      const missing = await deleteAccount(learner.cookie, { confirm: 'DELETE' });
      expect(missing.statusCode).toBe(401);
      expect(await currentUserId(app, learner.cookie)).toBe(learner.userId);
    });

    it('needs the word DELETE', async () => {
      const learner = await signUpAndConfirm(app);

      const response = await deleteAccount(learner.cookie, { password: TEST_PASSWORD, confirm: 'delete' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain('Type DELETE to confirm');
      expect(await currentUserId(app, learner.cookie)).toBe(learner.userId);
    });

    it('only ever deletes the caller', async () => {
      const mine = await signUpAndConfirm(app);
      const theirs = await signUpAndConfirm(app);

      const smuggled = await deleteAccount(mine.cookie, {
        password: TEST_PASSWORD,
        confirm: 'DELETE',
        userId: theirs.userId,
      });
      expect(smuggled.statusCode).toBe(400);
      expect((await deleteAccount(mine.cookie, { password: TEST_PASSWORD, confirm: 'DELETE' })).statusCode).toBe(204);
      expect(await currentUserId(app, theirs.cookie)).toBe(theirs.userId);
      expect((await signInAs(app, { email: theirs.email, password: TEST_PASSWORD })).userId).toBe(theirs.userId);
    });

    it('needs a session', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/account/delete',
        payload: { password: TEST_PASSWORD, confirm: 'DELETE' },
      });
      expect(response.statusCode).toBe(401);
    });

    it('works with a bearer token as well', async () => {
      const learner = await signUpAndConfirm(app);
      const { token } = await signInAs(app, { email: learner.email, password: TEST_PASSWORD });

      const response = await app.inject({
        method: 'POST',
        url: '/api/account/delete',
        headers: { authorization: `Bearer ${token}` },
        payload: { password: TEST_PASSWORD, confirm: 'DELETE' },
      });
      expect(response.statusCode).toBe(204);
      expect(await currentUserId(app, cookieHeaderFrom(response) || learner.cookie)).toBeNull();
    });
  });
});
