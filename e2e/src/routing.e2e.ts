import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appReady,
  baseUrl,
  DEMO_PASSWORD,
  dismissWelcome,
  holdSentHeading,
  launchBrowser,
  newContext,
  pathOf,
  sentHeadingKept,
  signInThroughForm,
} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function expectPath(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
  expect(pathOf(page)).toBe(path);
}

describe('signed-out visitor', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await newContext(browser);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context.close();
  });

  it('is sent from a dashboard path to /login', async () => {
    await page.goto('/dashboard/learner/goals');
    await expectPath(page, '/login');
    await page.getByRole('heading', { name: 'Welcome to Learning Portal' }).waitFor();
  });

  it('is sent from /dashboard to /login', async () => {
    await page.goto('/dashboard');
    await expectPath(page, '/login');
  });

  it('is sent from an admin screen to /auth', async () => {
    await page.goto('/dashboard/admin/users');
    await expectPath(page, '/auth');
  });

  it('follows the legal and courses redirects', async () => {
    await page.goto('/privacy');
    await expectPath(page, '/privacy-policy');
    await page.goto('/terms');
    await expectPath(page, '/terms-of-service');
    await page.goto('/courses');
    // /courses -> /dashboard/learner/courses, which needs a user -> /login
    await expectPath(page, '/login');
  });

  it('signs in with what was typed into the sign-in page before the app took it over', async () => {
    // A slow connection: the page as served is on screen and takes typing while the app's code is still on its way.
    const slow = await browser.newContext({ baseURL: baseUrl(), locale: 'en-US' });
    let release: () => void = () => {};
    const codeHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    await slow.route('**/assets/*.js', async (route) => {
      await codeHeld;
      await route.continue();
    });
    const early = await slow.newPage();
    await early.goto('/login', { waitUntil: 'commit' });
    await early.getByLabel('Email address').fill('learner@example.com');
    await early.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    release();
    await appReady(early);
    await expect.poll(() => early.getByLabel('Email address').inputValue()).toBe('learner@example.com');
    await early.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await early.waitForURL((url) => url.pathname.startsWith('/dashboard'), { timeout: 15_000 });
    await slow.close();
  });

  it('sees the not-found page on any other path', async () => {
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(pathOf(page)).toBe('/no/such/page');
  });

  it('reaches the public navigation from a menu button on a phone-sized screen', async () => {
    const phone = await newContext(browser, { viewport: { width: 390, height: 800 } });
    const small = await phone.newPage();
    await small.goto('/');
    const menu = small.getByRole('button', { name: 'Open navigation' });
    await menu.click();
    await small.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
    await small.waitForURL((url) => url.pathname === '/contact');
    expect(await small.getByRole('button', { name: 'Open navigation' }).getAttribute('aria-expanded')).toBe('false');
    await phone.close();
  });

  it('reaches the public pages without signing in', async () => {
    for (const path of ['/', '/choose-plan', '/games', '/contact', '/privacy-policy', '/terms-of-service', '/403']) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      expect(pathOf(page)).toBe(path);
    }
  });

  it('a first visit to /login loads the sign-up and single sign-on forms only when they are reached', async () => {
    const fresh = await newContext(browser);
    const login = await fresh.newPage();
    const code: string[] = [];
    login.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) code.push(pathname);
    });
    const later = /sign-up-form|sso-sign-in-form|two-factor-form|phone-code-form|dev-mailbox-hint/;
    await login.goto('/login');
    await appReady(login);
    await login.waitForLoadState('networkidle');
    expect(code.filter((path) => later.test(path))).toEqual([]);

    // Pointing at the tabs loads the sign-up form ahead of the click; asking for single sign-on loads its form.
    const signUpLoaded = login.waitForRequest((request) => /sign-up-form/.test(request.url()));
    await login.getByRole('tab', { name: 'Create account' }).hover();
    await signUpLoaded;
    await login.getByRole('button', { name: 'Continue with single sign-on' }).click();
    await login.getByLabel('Work email').waitFor();
    expect(code.some((path) => /sso-sign-in-form/.test(path))).toBe(true);
    await fresh.close();
  });

  it('is asked to sign in on the course player and the SCORM player', async () => {
    await page.goto('/courses/intro-to-learning');
    await expectPath(page, '/login');
    await page.goto('/scorm/launch/abc/def');
    await expectPath(page, '/login');
    await page.goto('/scorm/preview/abc');
    await expectPath(page, '/login');
  });
});

describe('signed-in learner with a subscription', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await newContext(browser);
    page = await context.newPage();
    await signInThroughForm(page, 'learner@example.com');
    await expectPath(page, '/dashboard/learner');
    await dismissWelcome(page);
  });
  afterAll(async () => {
    await context.close();
  });

  it('opening /login goes to the learner home', async () => {
    await page.goto('/login');
    await expectPath(page, '/dashboard/learner');
  });

  it('opening /choose-plan goes to the learner home', async () => {
    await page.goto('/choose-plan');
    await expectPath(page, '/dashboard/learner');
  });

  it('/dashboard redirects to the learner home', async () => {
    await page.goto('/dashboard');
    await expectPath(page, '/dashboard/learner');
  });

  it('is forbidden from admin and SCORM studio screens', async () => {
    // The browser does not ask for an admin screen's data first: the guard sends the learner on without a refusal.
    const refused: string[] = [];
    const noteRefusal = (response: { status(): number; url(): string }) => {
      if (response.status() === 403) refused.push(new URL(response.url()).pathname);
    };
    page.on('response', noteRefusal);
    for (const path of ['/dashboard/admin', '/dashboard/admin/users', '/dashboard/admin/analytics']) {
      await page.goto(path);
      await expectPath(page, '/403');
    }
    await page.waitForLoadState('networkidle');
    page.off('response', noteRefusal);
    expect(refused).toEqual([]);
    await page.goto('/dashboard/scorm/studio');
    await expectPath(page, '/403');
    await page.goto('/scorm/preview/some-package');
    await expectPath(page, '/403');
  });

  it('can open a SCORM launch link and a course player page', async () => {
    await page.goto('/scorm/launch/enrolment-1/sco-1');
    await page.getByRole('heading', { name: 'SCORM player' }).waitFor();
    await page.goto('/courses/study-skills-that-stick');
    await page.getByRole('heading', { level: 1, name: 'Study skills that stick' }).waitFor();
    await page.goto('/courses/no-such-course');
    await page.getByRole('heading', { name: "This course isn't available" }).waitFor();
  });

  it('a fresh load of the learner home shows its figures without first asking the API who is signed in', async () => {
    const asked: string[] = [];
    const record = (request: { url: () => string }) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/') || pathname.startsWith('/assets/')) asked.push(pathname);
    };
    page.on('request', record);
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { cspViolations: seen });
      document.addEventListener('securitypolicyviolation', (event) => seen.push(event.violatedDirective));
    });
    const channelLoaded = page.waitForResponse((response) => /\/assets\/realtime-bridge-/.test(response.url()));
    await page.goto('/dashboard/learner');
    await page.getByRole('heading', { level: 1, name: /Good (morning|afternoon|evening), / }).waitFor();
    await page.getByText('Total XP').waitFor();
    // The page came with these answers (the server asked its own routes with the learner's cookie).
    for (const path of ['/api/me', '/api/profile', '/api/subscription/check', '/api/analytics/home']) {
      expect(asked, path).not.toContain(path);
    }
    // Nothing on it (the realtime channel included, loaded once the page is idle) breaks the CSP.
    await channelLoaded;
    await page.waitForTimeout(500);
    page.off('request', record);
    // A learner who has seen the welcome never loads its dialog; the voice reader's settings load on the way to
    // its button, the what's-new popover for beta users only.
    const code = asked.filter((path) => path.startsWith('/assets/'));
    expect(code.filter((path) => /welcome-dialog-content|voice-reader-dialog|whats-new-popover/.test(path))).toEqual(
      [],
    );
    // The channel checks its messages without the schema library the forms use: the home downloads none of it.
    expect(code.filter((path) => /\/schemas-/.test(path))).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    // It came rendered: nothing of the app's code is preloaded to compete with that first paint.
    const html = await (await page.request.get('/dashboard/learner')).text();
    expect(html).toContain('data-signed-in');
    expect(html).not.toMatch(/<link rel="modulepreload"[^>]*(data-app-code|learner-home)/);
  });

  it('a fresh load of the learner home arrives rendered with its figures, then works without a hydration error', async () => {
    const html = await (await page.request.get('/dashboard/learner')).text();
    const root = html.slice(html.indexOf('<div id="root"'), html.indexOf('<script type="application/json"'));
    // The screen's content is in the page itself, in the learner's language, with the data it shows for the app.
    expect(root).toMatch(/^<div id="root" data-prerendered="en" data-signed-in/);
    expect(root).toMatch(/<h1[^>]*>Good (morning|afternoon|evening), Lena<\/h1>/);
    expect(root).toContain('Total XP');
    expect(root).toContain('Dashboard navigation');
    expect(html).toContain('<script type="application/json" id="page-state">');
    // The code the server renders pages with is not handed out.
    expect((await page.request.get('/.render/prerender.js')).status()).toBe(404);

    // Without any script the page shows the home, as the browser paints it before the app's code has arrived.
    const still = await browser.newContext({ baseURL: new URL(page.url()).origin, javaScriptEnabled: false });
    try {
      await still.addCookies(await context.cookies());
      const bare = await still.newPage();
      await bare.goto('/dashboard/learner');
      await bare.getByRole('heading', { level: 1, name: /Good (morning|afternoon|evening), Lena/ }).waitFor();
      await bare.getByText('Total XP').waitFor();
    } finally {
      await still.close();
    }

    // The app takes over the same page without a mismatch, and its links then move within it.
    const problems: string[] = [];
    const onConsole = (message: { type: () => string; text: () => string }) => {
      if (message.type() === 'error') problems.push(message.text());
    };
    const onError = (error: Error) => problems.push(error.message);
    page.on('console', onConsole);
    page.on('pageerror', onError);
    // The heading as the server sent it, held before the app's code runs (it starts after the first paint).
    await holdSentHeading(page);
    try {
      await page.goto('/dashboard/learner');
      await page.getByRole('heading', { level: 1, name: /Good (morning|afternoon|evening), Lena/ }).waitFor();
      // The voice reader's button appears once the app runs in the browser, which can speak.
      await page.getByRole('button', { name: 'Voice reader' }).waitFor();
      await page.waitForTimeout(500);
      // Hydration kept the server's elements instead of drawing the screen again.
      expect(await sentHeadingKept(page)).toBe(true);
      await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Goals' }).click();
      await expectPath(page, '/dashboard/learner/goals');
      await page.getByRole('heading', { level: 1, name: 'Goals' }).waitFor();
    } finally {
      page.off('console', onConsole);
      page.off('pageerror', onError);
    }
    expect(problems).toEqual([]);
  });

  it("opens the voice reader's settings from the keyboard and comes back to its button", async () => {
    await page.goto('/dashboard/learner');
    // Held as an element: while the dialog is open, the rest of the page is hidden from the accessibility tree.
    const button = await page.getByRole('button', { name: 'Voice reader' }).elementHandle();
    if (!button) throw new Error('no voice reader button');
    // Its own code, fetched once focus reaches the button.
    const dialogCode = page.waitForResponse((response) => /\/assets\/voice-reader-dialog-/.test(response.url()));
    await button.focus();
    await dialogCode;
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Voice reader' });
    await dialog.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await dialog.getByRole('switch', { name: 'Voice reader on' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus goes back to the button as the dialog's focus scope unmounts, which may be a frame after it left the page.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Voice reader');
  });

  it('does not see admin or SCORM sections in the navigation', async () => {
    await page.goto('/dashboard/learner');
    const nav = page.getByRole('navigation', { name: 'Dashboard navigation' });
    await nav.getByRole('link', { name: 'Library' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Thresholds' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Studio' }).count()).toBe(0);
  });
});

describe('instructor and admin', () => {
  it('an instructor reaches the SCORM studio but not admin screens', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughForm(page, 'instructor@example.com');
    await expectPath(page, '/dashboard/learner');
    await page.goto('/dashboard/scorm/studio');
    await page.getByRole('heading', { name: 'SCORM studio' }).waitFor();
    for (const path of [
      '/dashboard/scorm/packages/p1',
      '/dashboard/scorm/packages/p1/enrollments',
      '/dashboard/scorm/packages/p1/analytics',
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'SCORM packages' }).waitFor();
    }
    await page.goto('/dashboard/admin/thresholds');
    await expectPath(page, '/403');
    await context.close();
  });

  it('an admin reaches every admin screen', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughForm(page, 'admin@example.com');
    await expectPath(page, '/dashboard/learner');
    const screens: Array<[string, string]> = [
      ['/dashboard/admin', 'Admin overview'],
      ['/dashboard/admin/users', 'Users'],
      ['/dashboard/admin/courses', 'Courses'],
      ['/dashboard/admin/analytics', 'Analytics'],
      ['/dashboard/admin/modules', 'Modules'],
      ['/dashboard/admin/courses/intro/lessons', 'Lessons'],
      ['/dashboard/admin/thresholds', 'Thresholds'],
      ['/dashboard/admin/beta', 'Beta programme'],
      ['/dashboard/scorm/upload', 'Upload SCORM Package'],
    ];
    for (const [path, heading] of screens) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(pathOf(page)).toBe(path);
    }
    await context.close();
  });
});
