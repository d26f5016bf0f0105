import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { startSiblingApp, startTestApp, testTargets } from '../testing/test-app.ts';

const HSTS = 'max-age=31536000; includeSubDomains';

describe.each(testTargets())('security headers on $name', (target) => {
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

  const health = (server: App, headers: Record<string, string> = {}) =>
    server.inject({ method: 'GET', url: '/api/health', headers });

  it('on plain http localhost: no Strict-Transport-Security, but CSP, nosniff and frame-ancestors', async () => {
    const response = await health(app, { 'x-forwarded-proto': 'https' });

    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('with an https PUBLIC_URL every answer tells browsers to keep to https for a year, subdomains included', async () => {
    const server = await startSiblingApp(database, { publicUrl: 'https://learn.example.com' });
    try {
      const response = await health(server);
      expect(response.headers['strict-transport-security']).toBe(HSTS);
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    } finally {
      await server.close();
    }
  });

  it('behind a trusted proxy that terminated https (X-Forwarded-Proto: https) too, and only then', async () => {
    const { trustProxy } = loadConfig({ DATA_DIR: '/tmp/portal-test-data', TRUST_PROXY: '1' });
    const server = await startSiblingApp(database, { trustProxy });
    try {
      expect((await health(server, { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBe(HSTS);
      expect(
        (await health(server, { 'x-forwarded-proto': 'http' })).headers['strict-transport-security'],
      ).toBeUndefined();
      expect((await health(server)).headers['strict-transport-security']).toBeUndefined();
    } finally {
      await server.close();
    }
  });
});
