import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dismissWelcome,
  launchBrowser,
  pathOf,
  seriousViolations,
  signInThroughForm,
  waitForHydration,
} from './browser';
import { startOwnServer } from './own-server';

let browser: Browser;
let own: Awaited<ReturnType<typeof startOwnServer>>;
beforeAll(async () => {
  browser = await launchBrowser();
  // The demo learner's progress is what the coach answers from; the shared server's is changed by other tests.
  own = await startOwnServer();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await own?.stop();
});

describe('the study coach', () => {
  it('answers "what should I study now" from the learner’s own courses, citing a lesson link that opens it', async () => {
    const context = waitForHydration(await browser.newContext({ baseURL: own.baseUrl, locale: 'en-US' }));
    const page = await context.newPage();
    await signInThroughForm(page, 'learner@example.com');
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await page.goto('/dashboard/learner/ai-coach');
    await dismissWelcome(page);
    await page.getByRole('heading', { level: 1, name: 'Study coach' }).waitFor();
    await page
      .getByText(/messages left today/)
      .first()
      .waitFor();
    const before = await page
      .getByText(/messages left today/)
      .first()
      .textContent();

    await page.getByLabel('Your message').fill('What should I study now?');
    await page.getByLabel('Your message').press('Enter');
    const sources = page.getByRole('list', { name: 'Lessons used' }).first();
    await sources.waitFor({ timeout: 15_000 });
    const lessonLink = sources.getByRole('link').first();
    const href = await lessonLink.getAttribute('href');
    expect(href).toMatch(/^\/dashboard\/learner\/course\//);
    await expect
      .poll(() =>
        page
          .getByText(/messages left today/)
          .first()
          .textContent(),
      )
      .not.toBe(before);
    expect(await seriousViolations(page)).toEqual([]);

    await lessonLink.click();
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard/learner/course/'));
    expect(pathOf(page)).toBe(new URL(href ?? '', page.url()).pathname);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await context.close();
  });
});
