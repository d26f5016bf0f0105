import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { PAGE_ANSWERS_ELEMENT_ID, type PageAnswer } from '@portal/shared/page-answers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { signUpAndConfirm, signUpSubscribed } from '../testing/factories.ts';
import { startTestApp, testTargets } from '../testing/test-app.ts';

const INDEX = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
const ANSWERS = new RegExp(`<script type="application/json" id="${PAGE_ANSWERS_ELEMENT_ID}">(.*?)</script>`);

/** The answers a page came with, as the web app reads them (null when it came without). */
const answersIn = (html: string): Record<string, PageAnswer> | null => {
  const match = ANSWERS.exec(html);
  return match?.[1] ? JSON.parse(match[1]) : null;
};

describe.each(testTargets())('a signed-in page comes with the answers to its first requests ($name)', (target) => {
  let app: App;
  let close: () => Promise<void>;
  let distDir: string;

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(tmpdir(), 'portal-web-dist-'));
    writeFileSync(path.join(distDir, 'index.html'), INDEX);
    writeFileSync(
      path.join(distDir, 'page-code.json'),
      JSON.stringify({
        '/dashboard/*': {
          code: ['assets/dashboard-layout-a1.js', 'assets/shared-b2.js'],
          texts: { en: ['assets/common-en.js'], de: ['assets/common-de.js'] },
        },
        '/dashboard/learner': {
          code: ['assets/learner-home-c3.js', 'assets/shared-b2.js', '../secret.js'],
          texts: { en: ['assets/dashboard-en.js'], de: ['assets/dashboard-de.js'] },
        },
        'cookie-banner': { code: ['assets/cookie-banner-d4.js'], texts: { en: ['assets/consent-en.js'] } },
      }),
    );
    const started = await startTestApp(target, { webDistDir: distDir });
    app = started.app;
    close = started.close;
  });
  afterAll(async () => {
    await close();
    rmSync(distDir, { recursive: true, force: true });
  });

  const page = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  const api = async (url: string, cookie: string) => (await page(url, cookie)).json();

  it('the learner home holds exactly what its API routes answer that learner, and no cache may keep it', async () => {
    const learner = await signUpSubscribed(app, 'me', { name: 'Ada </script><script>alert(1)</script>' });
    // The first visit of the day awards its XP; wait until the home has taken it in, so both reads see the same.
    await api('/api/me', learner.cookie);
    let home: unknown;
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const next = await api('/api/analytics/home', learner.cookie);
      if (JSON.stringify(next) === JSON.stringify(home)) break;
      home = next;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const response = await page('/dashboard/learner', learner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.vary).toMatch(/cookie/i);
    // The name cannot close the element: `<` is escaped inside it.
    expect(response.body).not.toContain('</script><script>alert(1)');
    const answers = answersIn(response.body);
    expect(answers).not.toBeNull();
    for (const url of ['/api/me', '/api/profile', '/api/consent', '/api/subscription/check', '/api/analytics/home']) {
      expect(answers?.[url], url).toEqual({ status: 200, body: await api(url, learner.cookie) });
    }
    expect(
      (answers?.['/api/me']?.body as { me: { user: { id: string; name: string } } } | undefined)?.me.user,
    ).toMatchObject({
      id: learner.userId,
      name: 'Ada </script><script>alert(1)</script>',
    });
    expect(response.body.startsWith('<!doctype html><html><head>')).toBe(true);
    expect(response.body).toContain('<body><div id="root"></div>');
  });

  it("preloads the screen's code and texts with the page: the frame's on every dashboard page, the home's on the home", async () => {
    const learner = await signUpSubscribed(app, 'me');
    // This browser has made its cookie choice: no banner to show.
    const chosen = `${learner.cookie}; portal.consent=1`;
    const preloads = async (url: string, headers: Record<string, string> = {}, cookie = chosen) =>
      [
        ...(await page(url, cookie, headers)).body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g),
      ].map((match) => match[1]);
    expect(await preloads('/dashboard/learner/')).toEqual([
      '/assets/dashboard-layout-a1.js',
      '/assets/shared-b2.js',
      '/assets/common-en.js',
      '/assets/learner-home-c3.js',
      '/assets/dashboard-en.js',
    ]);
    // Texts in the visitor's language.
    expect(await preloads('/dashboard/learner/goals', { 'accept-language': 'de-DE' })).toEqual([
      '/assets/dashboard-layout-a1.js',
      '/assets/shared-b2.js',
      '/assets/common-de.js',
    ]);
    // A browser that has not chosen yet shows the banner on its first page: its code and texts come along.
    expect(await preloads('/dashboard/learner/notes', {}, learner.cookie)).toEqual([
      '/assets/dashboard-layout-a1.js',
      '/assets/shared-b2.js',
      '/assets/common-en.js',
      '/assets/cookie-banner-d4.js',
      '/assets/consent-en.js',
    ]);
    expect((await page('/dashboard/learner')).body).toBe(INDEX);
  });

  it('a screen gets its own requests; the frame only what every dashboard page asks', async () => {
    const learner = await signUpSubscribed(app, 'me');
    const goals = answersIn((await page('/dashboard/learner/goals?tab=active', learner.cookie)).body);
    expect(Object.keys(goals ?? {})).toContain('/api/goals');
    expect(Object.keys(goals ?? {})).not.toContain('/api/analytics/home');
    const notes = answersIn((await page('/dashboard/learner/notes', learner.cookie)).body);
    expect(Object.keys(notes ?? {}).sort()).toEqual(
      ['/api/beta/updates', '/api/consent', '/api/me', '/api/profile', '/api/subscription/check'].sort(),
    );
  });

  it("a request the user's plan does not allow goes with the page as the refusal the route gave", async () => {
    const unsubscribed = await signUpAndConfirm(app);
    const answers = answersIn((await page('/dashboard/learner', unsubscribed.cookie)).body);
    const home = await page('/api/analytics/home', unsubscribed.cookie);
    expect(home.statusCode).toBe(402);
    expect(answers?.['/api/analytics/home']).toEqual({ status: 402, body: home.json() });
    expect(answers?.['/api/me']?.status).toBe(200);
  });

  it('without a valid session, or outside the dashboard, the plain shell goes out, cacheable as before', async () => {
    const learner = await signUpSubscribed(app, 'me');
    for (const [url, cookie] of [
      ['/dashboard/learner', undefined],
      ['/dashboard/learner', 'portal.session_token=forged'],
      ['/contact', learner.cookie],
    ] as const) {
      const response = await page(url, cookie);
      expect(response.body, `${url} ${cookie}`).toBe(INDEX);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('goes out compressed when the browser accepts it', async () => {
    const learner = await signUpSubscribed(app, 'me');
    const response = await page('/dashboard/learner', learner.cookie, { 'accept-encoding': 'br' });
    expect(response.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(response.rawPayload).toString();
    expect(answersIn(html)).toHaveProperty('/api/me');
  });
});
