import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app.ts';
import { startTestApp, testTargets } from './testing/test-app.ts';

describe.each(testTargets())('the running service on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const started = await startTestApp(target);
    app = started.app;
    close = started.close;
  });
  afterAll(async () => {
    await close();
  });

  it('reports itself healthy with the database it uses', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: target.name });
  });

  it('serves the API reference as a page', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<html');
  });

  it('/api/docs leads to the reference page', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 301, 302]).toContain(response.statusCode);
    if (response.statusCode !== 200) expect(response.headers.location).toBe('/api/docs/');
  });

  it('publishes an OpenAPI document listing the account routes but not the hidden ones', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths['/api/account/sign-in'] ?? {})).toContain('post');
    expect(document.paths).toHaveProperty('/api/profile');
    expect(document.paths).toHaveProperty('/api/subscription/check');
    expect(document.paths).not.toHaveProperty('/api/realtime');
  });
});
