import { CONSENT_LEGAL_BASIS, CONSENT_PURPOSES, CONSENT_TYPES, type ConsentRecord } from '@portal/shared/consent';
import { SPEC_MESSAGES } from '@portal/shared/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { signUpAndConfirm } from '../../testing/factories.ts';
import { startSiblingApp, startTestApp, testTargets } from '../../testing/test-app.ts';
import { userConsent } from './consent.table.ts';

type Current = { consents: ConsentRecord[]; preferences: Record<string, boolean> | null; updated_at: string | null };

describe.each(testTargets())('cookie consent on $name', (target) => {
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

  const saveConsent = (cookie: string, payload: unknown, extra: { headers?: Record<string, string> } = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/consent',
      headers: { cookie, ...extra.headers },
      payload: payload as Record<string, unknown>,
    });
  const withdraw = (cookie: string, consentType: string) =>
    app.inject({
      method: 'POST',
      url: '/api/consent/withdraw',
      headers: { cookie },
      payload: { consent_type: consentType },
    });
  const current = async (cookie: string, url = '/api/consent') =>
    (await app.inject({ method: 'GET', url, headers: { cookie } })).json<Current>();
  const history = async (cookie: string, url = '/api/consent/history') =>
    (await app.inject({ method: 'GET', url, headers: { cookie } })).json<{ history: ConsentRecord[] }>().history;

  it('a user with no decision yet has no consent in force', async () => {
    const { cookie } = await signUpAndConfirm(app);

    expect(await current(cookie)).toEqual({ consents: [], preferences: null, updated_at: null });
    expect(await history(cookie)).toEqual([]);
  });

  it('saving a choice records one row per type, essential always granted, with basis and purpose', async () => {
    const { cookie } = await signUpAndConfirm(app);

    const saved = await saveConsent(
      cookie,
      { analytics: true, marketing: false, functional: true },
      { headers: { 'user-agent': 'ConsentTest/1.0' } },
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Current>().preferences).toEqual({
      essential: true,
      analytics: true,
      marketing: false,
      functional: true,
    });

    const rows = await history(cookie);
    expect(rows).toHaveLength(4);
    expect(rows.map((row) => row.consent_type).sort()).toEqual([...CONSENT_TYPES].sort());
    for (const row of rows) {
      expect(row).toMatchObject({
        is_granted: row.consent_type !== 'marketing',
        withdrawn_at: null,
        legal_basis: CONSENT_LEGAL_BASIS[row.consent_type],
        purpose: CONSENT_PURPOSES[row.consent_type],
        ip_address: '127.0.0.1',
        user_agent: 'ConsentTest/1.0',
      });
      expect(row.granted_at === null).toBe(!row.is_granted);
    }
    expect(rows.find((row) => row.consent_type === 'essential')?.legal_basis).toBe('contract');
    expect(rows.find((row) => row.consent_type === 'analytics')?.legal_basis).toBe('consent');
  });

  it('a new choice replaces the old one: the old rows get withdrawn_at and stay in the history', async () => {
    const { cookie } = await signUpAndConfirm(app);
    await saveConsent(cookie, { analytics: true, marketing: true, functional: true });

    await saveConsent(cookie, { analytics: false, marketing: true, functional: false });

    const now = await current(cookie);
    expect(now.consents).toHaveLength(4);
    expect(now.preferences).toEqual({ essential: true, analytics: false, marketing: true, functional: false });

    const rows = await history(cookie);
    expect(rows).toHaveLength(8);
    const [newest, oldest] = [rows.slice(0, 4), rows.slice(4)];
    expect(newest.every((row) => row.withdrawn_at === null)).toBe(true);
    expect(oldest.every((row) => row.withdrawn_at !== null && row.is_granted)).toBe(true);
    expect(Date.parse(oldest[0]?.created_at ?? '')).toBeLessThanOrEqual(Date.parse(newest[0]?.created_at ?? ''));
  });

  it('the address recorded is the one the server sees, and a forwarded header counts only behind a trusted proxy', async () => {
    const { cookie } = await signUpAndConfirm(app);

    await app.inject({
      method: 'POST',
      url: '/api/consent',
      remoteAddress: '198.51.100.20',
      headers: { cookie, 'x-forwarded-for': '203.0.113.99' },
      payload: { analytics: false, marketing: false, functional: false },
    });
    expect(new Set((await history(cookie)).map((row) => row.ip_address))).toEqual(new Set(['198.51.100.20']));

    const behindProxy = await startSiblingApp(database, { trustProxy: 1 });
    try {
      await behindProxy.inject({
        method: 'POST',
        url: '/api/consent',
        remoteAddress: '10.0.0.2',
        headers: { cookie, 'x-forwarded-for': '203.0.113.7' },
        payload: { analytics: true, marketing: false, functional: false },
      });
    } finally {
      await behindProxy.close();
    }
    const inForce = (await current(cookie)).consents;
    expect(new Set(inForce.map((row) => row.ip_address))).toEqual(new Set(['203.0.113.7']));
  });

  it.each([
    {
      label: 'an ip_address in the body',
      body: { analytics: true, marketing: false, functional: false, ip_address: '1.2.3.4' },
    },
    {
      label: 'a user_agent in the body',
      body: { analytics: true, marketing: false, functional: false, user_agent: 'x' },
    },
    {
      label: 'another user_id in the body',
      body: { analytics: true, marketing: false, functional: false, user_id: 'x' },
    },
    {
      label: 'essential switched off',
      body: { essential: false, analytics: false, marketing: false, functional: false },
    },
    { label: 'a missing category', body: { analytics: true, marketing: false } },
    { label: 'a category given as text', body: { analytics: 'yes', marketing: false, functional: false } },
  ])('$label is refused with 400 and nothing is recorded', async ({ body }) => {
    const { cookie } = await signUpAndConfirm(app);

    const response = await saveConsent(cookie, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
    expect(await history(cookie)).toEqual([]);
  });

  it('essential can be sent as true and is stored granted', async () => {
    const { cookie } = await signUpAndConfirm(app);

    const response = await saveConsent(cookie, {
      essential: true,
      analytics: false,
      marketing: false,
      functional: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Current>().preferences?.essential).toBe(true);
  });

  it('withdrawing sets is_granted false and stamps withdrawn_at; the type then counts as refused', async () => {
    const { cookie } = await signUpAndConfirm(app);
    await saveConsent(cookie, { analytics: true, marketing: true, functional: false });

    const response = await withdraw(cookie, 'analytics');
    expect(response.statusCode).toBe(200);
    expect(response.json<Current>().preferences).toEqual({
      essential: true,
      analytics: false,
      marketing: true,
      functional: false,
    });
    expect(response.json<Current>().consents.map((row) => row.consent_type)).not.toContain('analytics');
    const inForceSince = Math.max(...response.json<Current>().consents.map((row) => Date.parse(row.created_at)));
    expect(Date.parse(response.json<Current>().updated_at ?? '')).toBeGreaterThan(inForceSince);

    const analytics = (await history(cookie)).filter((row) => row.consent_type === 'analytics');
    expect(analytics).toHaveLength(1);
    expect(analytics[0]).toMatchObject({ is_granted: false });
    expect(Date.parse(analytics[0]?.withdrawn_at ?? '')).not.toBeNaN();
  });

  it('withdrawing a type with nothing in force changes nothing', async () => {
    const { cookie } = await signUpAndConfirm(app);

    const response = await withdraw(cookie, 'marketing');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ consents: [], preferences: null, updated_at: null });
    expect(await history(cookie)).toEqual([]);
  });

  it('essential cannot be withdrawn', async () => {
    const { cookie } = await signUpAndConfirm(app);
    await saveConsent(cookie, { analytics: true, marketing: false, functional: false });
    const before = await history(cookie);

    const response = await withdraw(cookie, 'essential');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Essential cookies cannot be withdrawn.');
    expect(await history(cookie)).toEqual(before);
    expect((await current(cookie)).preferences?.essential).toBe(true);
  });

  it('an unknown type or extra fields cannot be withdrawn', async () => {
    const { cookie } = await signUpAndConfirm(app);
    for (const payload of [{ consent_type: 'tracking' }, { consent_type: 'analytics', user_id: 'someone' }, {}]) {
      const response = await app.inject({ method: 'POST', url: '/api/consent/withdraw', headers: { cookie }, payload });
      expect(response.statusCode).toBe(400);
    }
  });

  it('the database keeps one decision in force per type, even under concurrent saves', async () => {
    const { cookie, userId } = await signUpAndConfirm(app);

    const answers = await Promise.all(
      [true, false, true, false].map((analytics) =>
        saveConsent(cookie, { analytics, marketing: false, functional: false }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await database.db.select().from(userConsent).where(eq(userConsent.userId, userId));
    expect(rows).toHaveLength(16);
    expect(rows.filter((row) => row.withdrawnAt === null)).toHaveLength(4);
  });

  describe('between two learners', () => {
    it('a learner never sees another learner’s consents or history, whatever id they pass', async () => {
      const alice = await signUpAndConfirm(app);
      const bob = await signUpAndConfirm(app);
      await saveConsent(alice.cookie, { analytics: true, marketing: true, functional: true });

      for (const query of ['', `?user_id=${alice.userId}`, `?id=${alice.userId}`]) {
        expect(await current(bob.cookie, `/api/consent${query}`)).toEqual({
          consents: [],
          preferences: null,
          updated_at: null,
        });
        expect(await history(bob.cookie, `/api/consent/history${query}`)).toEqual([]);
      }
      expect(
        (await app.inject({ method: 'GET', url: `/api/consent/${alice.userId}`, headers: { cookie: bob.cookie } }))
          .statusCode,
      ).toBe(404);
    });

    it('a learner’s withdrawal never touches another learner’s consent', async () => {
      const alice = await signUpAndConfirm(app);
      const bob = await signUpAndConfirm(app);
      await saveConsent(alice.cookie, { analytics: true, marketing: false, functional: false });
      await saveConsent(bob.cookie, { analytics: true, marketing: false, functional: false });

      await withdraw(bob.cookie, 'analytics');

      expect((await current(alice.cookie)).preferences?.analytics).toBe(true);
      expect((await current(bob.cookie)).preferences?.analytics).toBe(false);
    });
  });

  describe('without a session', () => {
    it.each([
      ['GET', '/api/consent'],
      ['GET', '/api/consent/history'],
      ['POST', '/api/consent'],
      ['POST', '/api/consent/withdraw'],
    ] as const)('%s %s answers 401 "User not authenticated"', async (method, url) => {
      const response = await app.inject({
        method,
        url,
        ...(method === 'POST' ? { payload: { analytics: true, marketing: true, functional: true } } : {}),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe(SPEC_MESSAGES.userNotAuthenticated);
    });
  });
});
