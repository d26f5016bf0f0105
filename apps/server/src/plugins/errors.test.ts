import { apiErrorBodySchema } from '@portal/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { signUpAndConfirm, TEST_PASSWORD } from '../testing/factories.ts';
import { startTestApp, testTargets } from '../testing/test-app.ts';

type Injected = Awaited<ReturnType<App['inject']>>;

/** A client error the web app can parse: 4xx with `{ error: { code, message } }`. */
function expectClientError(response: Injected, status: number, code: string) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = apiErrorBodySchema.parse(response.json());
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(0);
}

describe.each(testTargets())('bad requests on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;
  let cookie: string;

  beforeAll(async () => {
    const started = await startTestApp(target, { bodyLimitBytes: 2048 });
    app = started.app;
    close = started.close;
    cookie = (await signUpAndConfirm(app)).cookie;
  });
  afterAll(async () => {
    await close();
  });

  const post = (url: string, payload: string, contentType = 'application/json') =>
    app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, cookie } });

  it('a field of the wrong type is a 400 naming the field', async () => {
    const response = await post('/api/account/sign-in', JSON.stringify({ email: 42, password: TEST_PASSWORD }));
    expectClientError(response, 400, 'validation_failed');
  });

  it('a body that is not valid JSON is a 400', async () => {
    expectClientError(await post('/api/account/sign-in', '{"email": "a@example.com",'), 400, 'bad_request');
  });

  it('an empty JSON body is a 400', async () => {
    expectClientError(await post('/api/account/sign-in', ''), 400, 'bad_request');
  });

  it('a JSON body that is a bare value is a 400', async () => {
    expectClientError(await post('/api/account/sign-in', '"hello"'), 400, 'validation_failed');
    expectClientError(await post('/api/account/sign-in', 'null'), 400, 'validation_failed');
  });

  it('a plain-text body is refused as not matching the schema', async () => {
    const response = await post('/api/account/sign-in', '{"email":"a@example.com","password":"x"}', 'text/plain');
    expectClientError(response, 400, 'validation_failed');
  });

  it.each(['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml'])(
    'a %s body is refused with 415',
    async (contentType) => {
      const response = await post('/api/account/sign-in', 'email=a%40example.com&password=x', contentType);
      expectClientError(response, 415, 'unsupported_media_type');
    },
  );

  it('a body over the configured limit is refused with 413', async () => {
    const response = await post(
      '/api/account/sign-up',
      JSON.stringify({ email: 'big@example.com', password: TEST_PASSWORD, name: 'x'.repeat(4096) }),
    );
    expectClientError(response, 413, 'payload_too_large');
  });

  it('an unknown field is a 400', async () => {
    const response = await post(
      '/api/account/sign-in',
      JSON.stringify({ email: 'a@example.com', password: TEST_PASSWORD, admin: true }),
    );
    expectClientError(response, 400, 'validation_failed');
  });

  it.each([
    { label: 'a profile text', url: '/api/profile', method: 'PATCH', body: { bio: 'before\u0000after' } },
    { label: 'a profile list', url: '/api/profile', method: 'PATCH', body: { learning_styles: ['vis\u0000ual'] } },
    {
      label: 'a reset token',
      url: '/api/account/reset-password',
      method: 'POST',
      body: { token: 'tok\u0000en', newPassword: 'a-brand-new-password' },
    },
  ] as const)('a NUL character in $label is a client error, not a server error', async ({ url, method, body }) => {
    const response = await app.inject({ method, url, payload: body, headers: { cookie } });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    apiErrorBodySchema.parse(response.json());
  });

  it.each([
    ['GET', '/api/nothing-here'],
    ['POST', '/api/nothing-here'],
    ['GET', '/api'],
    ['GET', '/api/auth/nothing-here'],
    ['DELETE', '/api/profile'],
  ] as const)('%s %s is a JSON 404', async (method, url) => {
    const response = await app.inject({ method, url });
    expectClientError(response, 404, 'not_found');
  });

  it('a page path without a web build is a JSON 404 too', async () => {
    expectClientError(await app.inject({ method: 'GET', url: '/dashboard/learner' }), 404, 'not_found');
  });

  it('errors carry the security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
