import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { TEST_PASSWORD, uniqueEmail } from '../testing/factories.ts';
import { startTestApp, testTargets } from '../testing/test-app.ts';

describe.each(testTargets())('auth rate limit on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const started = await startTestApp(target, { authRateLimitPerMinute: 3 });
    app = started.app;
    close = started.close;
  });
  afterAll(async () => {
    await close();
  });

  const attemptSignIn = (headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/account/sign-in',
      payload: { email: uniqueEmail('guess'), password: TEST_PASSWORD },
      headers,
    });

  it('the fourth sign-in attempt within a minute is refused with 429', async () => {
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await attemptSignIn()).statusCode).toBe(401);
    }

    const fourth = await attemptSignIn();
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.code).toBe('rate_limited');
    expect(fourth.json().error.message).toMatch(/wait/i);
  });

  it('a made-up forwarding header does not reset the limit', async () => {
    const response = await attemptSignIn({ 'x-forwarded-for': '203.0.113.7' });
    expect(response.statusCode).toBe(429);
  });

  it('reading who is signed in is not limited', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    }
  });
});
