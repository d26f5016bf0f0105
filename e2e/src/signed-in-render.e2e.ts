import { PAGE_STATE_ELEMENT_ID, TIME_ZONE_COOKIE } from '@portal/shared/page-answers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dismissWelcome,
  holdSentHeading,
  launchBrowser,
  newContext,
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

/** The zone the server rendered the page in, from the state it sent with it. */
async function renderedZone(page: Page, path: string): Promise<string> {
  const html = await (await page.request.get(path)).text();
  const state = html.match(new RegExp(`<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">(.*?)</script>`));
  return (JSON.parse(state?.[1] ?? '{}') as { timeZone?: string }).timeZone ?? 'not rendered';
}

/** Loads `path`, noting whether the app kept the heading the server sent and what went wrong on the page. */
async function load(page: Page, path: string) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: 'Achievements' }).waitFor();
  await page.waitForTimeout(300);
  const kept = await sentHeadingKept(page);
  page.removeAllListeners('console');
  page.removeAllListeners('pageerror');
  return { kept, problems };
}

describe('a signed-in page rendered on the server for a browser in another time zone', () => {
  it('is rendered afresh while the server does not know the zone, and in that zone once it does', async () => {
    const context = await newContext(browser, { timezoneId: 'Asia/Tokyo' });
    const page = await context.newPage();
    await signInThroughForm(page, 'learner@example.com');
    await page.waitForURL((url) => url.pathname === '/dashboard/learner');
    await dismissWelcome(page);
    await holdSentHeading(page);
    const path = '/dashboard/learner/gamification';

    // The browser says it is in Tokyo: the server renders for Tokyo and the app takes the page over as it is.
    expect((await context.cookies()).find((cookie) => cookie.name === TIME_ZONE_COOKIE)?.value).toBe('Asia%2FTokyo');
    expect(await renderedZone(page, path)).toBe('Asia/Tokyo');
    expect(await load(page, path)).toEqual({ kept: true, problems: [] });

    // A page rendered for another zone (the browser's cookie lost, the profile's zone guessed) is drawn again by
    // the app in the browser's own zone, without a hydration error; the browser tells the server its zone again.
    await context.addCookies([{ name: TIME_ZONE_COOKIE, value: 'UTC', url: new URL(page.url()).origin }]);
    expect(await renderedZone(page, path)).toBe('UTC');
    expect(await load(page, path)).toEqual({ kept: false, problems: [] });
    expect((await context.cookies()).find((cookie) => cookie.name === TIME_ZONE_COOKIE)?.value).toBe('Asia%2FTokyo');
    await context.close();
  });
});

describe('a signed-in page whose data state arrives damaged', () => {
  it('is rendered afresh from the API, and the learner stays signed in on it', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughForm(page, 'learner@example.com');
    await page.waitForURL((url) => url.pathname === '/dashboard/learner');
    await dismissWelcome(page);
    const path = '/dashboard/learner/gamification';
    await page.route(path, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        new RegExp(`(<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">).*?(</script>)`),
        '$1{"queries": broken$2',
      );
      await route.fulfill({ response, body: html });
    });
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: 'Achievements' }).waitFor();
    await page.waitForTimeout(1000);
    expect(new URL(page.url()).pathname).toBe(path);
    await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Goals' }).click();
    await page.getByRole('heading', { level: 1, name: 'Goals' }).waitFor();
    await context.close();
  });
});

describe("an admin's signed-in page rendered on the server", () => {
  it('is taken over without a hydration error, every navigation link named as the server sent it', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughForm(page, 'admin@example.com');
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await dismissWelcome(page);
    await holdSentHeading(page);
    expect(await load(page, '/dashboard/learner/gamification')).toEqual({ kept: true, problems: [] });
    const navigation = page.getByRole('navigation', { name: 'Dashboard navigation' });
    for (const name of ['Audit log', 'Contact inbox', 'Single sign-on']) {
      await navigation.getByRole('link', { name, exact: true }).waitFor();
    }
    await context.close();
  });
});
