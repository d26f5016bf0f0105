import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dismissWelcome, launchBrowser, newContext, pathOf, signInThroughForm, withoutPageAnswers } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('loading and failure screens', () => {
  it('shows the full-screen loading view while auth is loading', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.route('**/api/me', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/dashboard/learner');
    await page.getByText('Loading your learning experience...').waitFor();
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });

  it('stops waiting for the subscription after 8 seconds and goes to plan selection', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughForm(page, 'learner@example.com');
    await page.waitForURL((url) => url.pathname === '/dashboard/learner');
    await withoutPageAnswers(page);
    await page.route('**/api/subscription/check', () => {
      // never answer
    });
    const started = Date.now();
    await page.goto('/dashboard/learner/notes');
    await page.getByText('Loading your learning experience...').waitFor();
    await page.waitForURL((url) => url.pathname === '/choose-plan', { timeout: 20_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(7000);
    await context.close();
  });

  it("shows 'Unexpected Application Error!' when a route cannot load", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.route(/\/assets\/not-found-[^/]+\.js$/, (route) => route.abort());
    // The interface texts arrive after the route has failed, as on a slow connection: the screen waits for them.
    await page.route(/\/assets\/common-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/certainly/missing');
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    await context.close();
  });

  it("shows 'SCORM Player Loading Error' with a Reload Page button when the player cannot load", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughForm(page, 'learner@example.com');
    await page.waitForURL((url) => url.pathname === '/dashboard/learner');
    await page.route(/\/assets\/scorm-player-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/scorm/launch/e1/s1');
    await page.getByRole('heading', { name: 'SCORM Player Loading Error' }).waitFor();
    await page.getByText('Unable to load SCORM player component').waitFor();
    await page.unroute(/\/assets\/scorm-player-[^/]+\.js$/);
    await page.getByRole('button', { name: 'Reload Page' }).click();
    await page.getByRole('heading', { name: 'SCORM player' }).waitFor();
    await context.close();
  });

  it("shows the 'Something went wrong' card when a screen crashes, with Try Again and Go to Dashboard", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughForm(page, 'learner@example.com');
    await page.waitForURL((url) => url.pathname === '/dashboard/learner');
    await dismissWelcome(page);
    // A malformed answer makes the home screen throw while rendering.
    await withoutPageAnswers(page);
    await page.route('**/api/me', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          me: { user: { id: 'x', name: null, email: null, emailVerified: true, phoneNumber: null }, role: 'learner' },
        }),
      }),
    );
    await page.reload();
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await page.getByText("This component encountered an error and couldn't render properly.").waitFor();
    await page.getByRole('button', { name: 'Try Again' }).waitFor();
    await page.unroute('**/api/me');
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Goals' }).click();
    await page.getByRole('heading', { level: 1, name: 'Goals' }).waitFor();
    expect(pathOf(page)).toBe('/dashboard/learner/goals');
    await context.close();
  });
});
