import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { startTestApp, testTargets } from '../testing/test-app.ts';

describe.each(testTargets())('load balancer probes on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, close } = await startTestApp(target));
  });
  afterAll(() => close());

  it('says the instance is alive and ready when its database and file store answer', async () => {
    const live = await app.inject({ method: 'GET', url: '/api/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', files: 'ok' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });
});

describe('readiness when the file store is unreachable', () => {
  it('answers 503 naming the file store, while liveness stays 200', async () => {
    const [target] = testTargets();
    if (!target) throw new Error('no test database');
    const { app, close } = await startTestApp(target, {
      s3: {
        endpoint: 'http://127.0.0.1:9',
        bucket: 'nowhere',
        region: 'us-east-1',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        forcePathStyle: true,
      },
    });
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'not_ready', database: 'ok', files: 'down' });
      expect((await app.inject({ method: 'GET', url: '/api/live' })).statusCode).toBe(200);
    } finally {
      await close();
    }
  });
});
