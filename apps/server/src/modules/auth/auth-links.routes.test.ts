import { apiErrorBodySchema } from '@portal/shared/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { authLibraryEndpoints } from '../../testing/auth-library.ts';
import {
  currentUserId,
  readMailbox,
  type SignedIn,
  signUp,
  signUpAndConfirm,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { users } from './auth.table.ts';

type Injected = Awaited<ReturnType<App['inject']>>;

/** A refusal the web app can show: 4xx with `{ error: { code, message } }`. */
function expectClearRefusal(response: Injected) {
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  const { error } = apiErrorBodySchema.parse(response.json());
  expect(error.message.length).toBeGreaterThan(0);
  return error;
}

const EXPOSED = new Set([
  'GET /api/auth/verify-email',
  'GET /api/auth/reset-password/:token',
  // Served by our own single sign-on route, which finds the provider before the library sees the request.
  'GET /api/auth/sso/callback/:providerId',
]);

describe.each(testTargets())('the auth library behind /api/auth on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let learner: SignedIn;

  beforeAll(async () => {
    const started = await startTestApp(target);
    app = started.app;
    database = started.database;
    close = started.close;
    learner = await signUpAndConfirm(app, { name: 'Ada Lovelace' });
  });
  afterAll(async () => {
    await close();
  });

  const storedUser = async () => {
    const [row] = await database.db.select().from(users).where(eq(users.id, learner.userId));
    return { name: row?.name, image: row?.image, updatedAt: row?.updatedAt.toISOString() };
  };
  const postJson = (url: string, payload: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });

  it.each([
    ['a 1 MB name', JSON.stringify({ name: 'x'.repeat(1_000_000) })],
    ['an object as the name', '{"name":{"first":"Eve"}}'],
    ['a null name', '{"name":null}'],
    ['a name holding a NUL', '{"name":"Eve\\u0000"}'],
    ['a javascript: image', '{"image":"javascript:alert(document.cookie)"}'],
    ['deeply nested JSON', `${'{"name":'.repeat(1000)}"Eve"${'}'.repeat(1000)}`],
  ])('update-user with %s is refused with a clear 4xx and changes nothing', async (_label, payload) => {
    const before = await storedUser();

    expectClearRefusal(await postJson('/api/auth/update-user', payload, { cookie: learner.cookie }));

    expect(await storedUser()).toEqual(before);
    expect(before).toMatchObject({ name: 'Ada Lovelace', image: null });
  });

  it.each([
    ['a NUL character', '{"phoneNumber":"+4915112\\u0000345678"}'],
    ['1 MB of digits', JSON.stringify({ phoneNumber: `+49${'1'.repeat(1_000_000)}` })],
    ['"NaN"', '{"phoneNumber":"NaN"}'],
  ])('an anonymous send-otp with %s is refused with a clear 4xx and texts nobody', async (_label, payload) => {
    const textsBefore = (await readMailbox(app)).filter((message) => message.channel === 'sms').length;

    expectClearRefusal(await postJson('/api/auth/phone-number/send-otp', payload));

    expect((await readMailbox(app)).filter((message) => message.channel === 'sms')).toHaveLength(textsBefore);
  });

  it('every other endpoint of the auth library answers 404 and leaves the session alone', async () => {
    const reached: string[] = [];
    for (const { method, url } of authLibraryEndpoints(app)) {
      if (EXPOSED.has(`${method} ${url}`) || (method !== 'GET' && method !== 'POST')) continue;
      const filled = url.replace(':id', 'credential').replace(':token', 'token');
      const response = await app.inject({
        method,
        url: filled,
        headers: { cookie: learner.cookie },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      if (response.statusCode !== 404) reached.push(`${method} ${filled} -> ${response.statusCode}`);
    }
    expect(reached).toEqual([]);
    expect(await currentUserId(app, learner.cookie)).toBe(learner.userId);
  });

  it.each([
    ['a callback on another site', '/api/auth/verify-email?token=abc&callbackURL=https://evil.example/phish'],
    ['a protocol-relative callback', '/api/auth/verify-email?token=abc&callbackURL=//evil.example'],
    ['a javascript: callback', '/api/auth/verify-email?token=abc&callbackURL=javascript:alert(1)'],
    ['a token with markup', '/api/auth/verify-email?token=%3Cscript%3E'],
    ['an empty token', '/api/auth/verify-email?token='],
    ['an extra parameter', '/api/auth/verify-email?token=abc&redirect=/'],
    ['a reset link sending elsewhere', '/api/auth/reset-password/abc?callbackURL=https://evil.example'],
    ['a reset token with a NUL', '/api/auth/reset-password/ab%00c'],
  ])('a mailed link with %s is a 400 that signs nobody in', async (_label, url) => {
    const response = await app.inject({ method: 'GET', url });

    expect(expectClearRefusal(response).code).toBe('validation_failed');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('a confirmation link without its callback still lands on our own page', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/verify-email?token=not-a-token' });

    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/auth/confirm?error=INVALID_TOKEN');
  });

  it('the two mailed links and single sign-on are documented in the API reference, and no other /api/auth path is', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json<{
      paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
    }>();

    const authPaths = Object.keys(document.paths).filter((path) => path.startsWith('/api/auth/'));
    expect(authPaths.sort()).toEqual([
      '/api/auth/reset-password/{token}',
      '/api/auth/sso/callback/{slug}',
      '/api/auth/sso/start',
      '/api/auth/verify-email',
    ]);
    const parameters = document.paths['/api/auth/verify-email']?.get?.parameters?.map(({ name }) => name);
    expect(parameters).toEqual(expect.arrayContaining(['token', 'callbackURL']));
  });

  it.each([
    ['on two lines', 'Eve\nAdmin'],
    ['with a NUL', 'Eve\u0000'],
    ['of only spaces', '   '],
    ['of 121 characters', 'x'.repeat(121)],
  ])('a name %s is refused at sign-up and no account is made', async (_label, name) => {
    const email = uniqueEmail('named');

    const response = await signUp(app, { email, password: TEST_PASSWORD, name });

    expectClearRefusal(response);
    expect(await database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });
});
