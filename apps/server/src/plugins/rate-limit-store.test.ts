import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { uniqueEmail } from '../testing/factories.ts';
import { startSiblingApp, startTestApp, testTargets } from '../testing/test-app.ts';

describe.each(testTargets())('rate limits shared by two instances on $name', (target) => {
  let a: App;
  let b: App;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const started = await startTestApp(target, { authRateLimitPerMinute: 4 });
    a = started.app;
    close = started.close;
    b = await startSiblingApp(started.database, { authRateLimitPerMinute: 4 });
  });
  afterAll(async () => {
    await b.close();
    await close();
  });

  const askReset = (app: App) =>
    app.inject({
      method: 'POST',
      url: '/api/account/request-password-reset',
      payload: { email: uniqueEmail('limited') },
      remoteAddress: '203.0.113.7',
    });

  it('counts requests to both: the fifth in a minute is refused whichever instance gets it', async () => {
    const answers = [await askReset(a), await askReset(b), await askReset(a), await askReset(b)];
    expect(answers.map((answer) => answer.statusCode).every((status) => status < 300)).toBe(true);
    const fifth = await askReset(a);
    expect(fifth.statusCode).toBe(429);
    expect((await askReset(b)).statusCode).toBe(429);
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts each caller on its own', async () => {
    const other = await b.inject({
      method: 'POST',
      url: '/api/account/request-password-reset',
      payload: { email: uniqueEmail('other') },
      remoteAddress: '198.51.100.20',
    });
    expect(other.statusCode).toBeLessThan(300);
  });
});
