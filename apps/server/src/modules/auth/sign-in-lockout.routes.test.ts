import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import {
  cookieHeaderFrom,
  passwordResetToken,
  signUpAndConfirm,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../testing/factories.ts';
import { startSiblingApp, startTestApp, testTargets } from '../../testing/test-app.ts';
import { KNOWN_DEVICE_COOKIE } from './known-device.ts';

const WRONG_PASSWORD = 'not-the-right-password';

describe.each(testTargets())('per-account sign-in lock on $name', (target) => {
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

  const signIn = (email: string, password: string, cookie?: string, on: App = app) =>
    on.inject({
      method: 'POST',
      url: '/api/account/sign-in',
      payload: { email, password },
      headers: cookie ? { cookie } : {},
    });

  /** The known-device cookie a browser keeps after signing in to the account with its password. */
  async function knownDeviceCookie(email: string): Promise<string> {
    const signedIn = await signIn(email, TEST_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    const device = signedIn.cookies.find((cookie) => cookie.name === KNOWN_DEVICE_COOKIE);
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    return `${KNOWN_DEVICE_COOKIE}=${device?.value}`;
  }

  /** Ten wrong passwords at once, as a guessing script would send them; each is refused as a wrong password. */
  async function failTenTimes(email: string) {
    const attempts = await Promise.all(Array.from({ length: 10 }, () => signIn(email, WRONG_PASSWORD)));
    expect(attempts.map((attempt) => attempt.statusCode)).toEqual(Array(10).fill(401));
  }

  it('after ten wrong passwords the account refuses even the right one with 429 and says what to do', async () => {
    const { email } = await signUpAndConfirm(app);
    for (let attempt = 1; attempt <= 9; attempt += 1) {
      expect((await signIn(email, WRONG_PASSWORD)).statusCode).toBe(401);
    }
    expect((await signIn(email, TEST_PASSWORD)).statusCode).toBe(200);

    await failTenTimes(email);

    const locked = await signIn(email, TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('account_locked');
    expect(locked.json().error.message).toMatch(/wait 15 minutes or reset your password/i);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(cookieHeaderFrom(locked)).not.toContain('portal.session_token');
  });

  it('a right password in between starts the count again', async () => {
    const { email } = await signUpAndConfirm(app);
    for (let attempt = 1; attempt <= 9; attempt += 1) await signIn(email, WRONG_PASSWORD);
    expect((await signIn(email, TEST_PASSWORD)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 9; attempt += 1) await signIn(email, WRONG_PASSWORD);

    expect((await signIn(email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('a browser that signed in to the account before still signs in; its cookie works for that account only', async () => {
    const owner = await signUpAndConfirm(app);
    const other = await signUpAndConfirm(app);
    const ownerDevice = await knownDeviceCookie(owner.email);
    const otherDevice = await knownDeviceCookie(other.email);
    await failTenTimes(owner.email);

    const fromOwnersBrowser = await signIn(owner.email, TEST_PASSWORD, ownerDevice);
    expect(fromOwnersBrowser.statusCode).toBe(200);
    expect(fromOwnersBrowser.json().user.id).toBe(owner.userId);
    await failTenTimes(owner.email);
    expect((await signIn(owner.email, TEST_PASSWORD, otherDevice)).statusCode).toBe(429);
    const forged = ownerDevice.replace(owner.userId, other.userId);
    expect((await signIn(owner.email, TEST_PASSWORD, forged)).statusCode).toBe(429);
    const retargeted = otherDevice.replace(other.userId, owner.userId);
    expect((await signIn(owner.email, TEST_PASSWORD, retargeted)).statusCode).toBe(429);
  });

  it('a password reset lifts the lock', async () => {
    const { email } = await signUpAndConfirm(app);
    await failTenTimes(email);
    expect((await signIn(email, TEST_PASSWORD)).statusCode).toBe(429);

    const reset = await app.inject({
      method: 'POST',
      url: '/api/account/reset-password',
      payload: { token: await passwordResetToken(app, email), newPassword: 'lantern-otter-meadow-7' },
    });
    expect(reset.statusCode).toBe(200);

    expect((await signIn(email, 'lantern-otter-meadow-7')).statusCode).toBe(200);
  });

  it('the lock holds on another instance of the server on the same database, and ends after 15 minutes', async () => {
    const { email, userId } = await signUpAndConfirm(app);
    await failTenTimes(email);

    const restarted = await startSiblingApp(database);
    try {
      expect((await signIn(email, TEST_PASSWORD, undefined, restarted)).statusCode).toBe(429);
      await database.db.execute(
        sql`update sign_in_lockouts set locked_until = now() - interval '1 second',
              window_started_at = now() - interval '16 minutes' where subject = ${`user:${userId}`}`,
      );
      expect((await signIn(email, TEST_PASSWORD, undefined, restarted)).statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
  });

  it('an address without an account locks the same way, so a lock does not reveal which addresses exist', async () => {
    const email = uniqueEmail('nobody');
    await failTenTimes(email);

    const locked = await signIn(email, WRONG_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('account_locked');
  });
});
