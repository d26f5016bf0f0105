import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { signUpAndConfirm, uniqueEmail } from '../../testing/factories.ts';
import { startSiblingApp, startTestApp, testTargets } from '../../testing/test-app.ts';

const PROXY = '10.0.0.2';
const CLIENT = '198.51.100.50';
const LIMIT = 5;
const randomAddress = () => `203.0.${randomInt(256)}.${randomInt(1, 255)}`;

describe.each(testTargets())('the client address behind TRUST_PROXY=1 on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let behindProxy: App;

  beforeAll(async () => {
    const started = await startTestApp(target);
    app = started.app;
    database = started.database;
    close = started.close;
    const { trustProxy } = loadConfig({ DATA_DIR: '/tmp/portal-test-data', TRUST_PROXY: '1' });
    behindProxy = await startSiblingApp(database, { trustProxy, authRateLimitPerMinute: LIMIT });
  });
  afterAll(async () => {
    await behindProxy.close();
    await close();
  });

  /** The proxy appends the address it saw to whatever X-Forwarded-For the client wrote. */
  const viaProxy = (clientWrote: string) => ({
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': `${clientWrote}, ${CLIENT}` },
  });

  it('a made-up X-Forwarded-For on every attempt does not buy a fresh sign-in budget', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LIMIT + 3; attempt += 1) {
      const response = await behindProxy.inject({
        method: 'POST',
        url: '/api/account/sign-in',
        payload: { email: uniqueEmail('guess'), password: 'not-the-password-1' },
        ...viaProxy(randomAddress()),
      });
      statuses.push(response.statusCode);
    }

    expect(statuses.slice(0, LIMIT).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(LIMIT)).toEqual([429, 429, 429]);
  });

  it('the session remembers the address the proxy saw, not the one the client wrote', async () => {
    const user = await signUpAndConfirm(app);
    const seenByProxy = randomAddress();
    const signedIn = await behindProxy.inject({
      method: 'POST',
      url: '/api/account/sign-in',
      payload: { email: user.email, password: user.password },
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': `1.2.3.4, ${seenByProxy}` },
    });
    expect(signedIn.statusCode).toBe(200);
    const { token } = signedIn.json<{ token: string }>();

    const sessions = await app.inject({
      method: 'GET',
      url: '/api/account/sessions',
      headers: { authorization: `Bearer ${token}` },
    });
    const current = sessions.json<{ sessions: Array<{ current: boolean; ipAddress: string | null }> }>().sessions;
    expect(current.find((session) => session.current)?.ipAddress).toBe(seenByProxy);
  });
});
