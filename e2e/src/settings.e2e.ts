import AxeBuilder from '@axe-core/playwright';
import type { Profile, ProfileUpdate } from '@portal/shared/profile';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, dismissWelcome, launchBrowser, newContext, settled, signInThroughForm } from './browser';

const LEARNER = 'learner@example.com';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

const readProfile = (page: Page) =>
  page.evaluate(async () => {
    const response = await fetch('/api/profile');
    return ((await response.json()) as { profile: Profile }).profile;
  });

const patchProfile = (page: Page, changes: ProfileUpdate) =>
  page.evaluate(async (body) => {
    const response = await fetch('/api/profile', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`Updating the profile failed with ${response.status}`);
  }, changes);

async function saveAndWait(page: Page) {
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/profile') && response.request().method() === 'PATCH',
  );
  await page.getByRole('button', { name: 'Save changes' }).click();
  expect((await saved).ok()).toBe(true);
  await page.getByText('Settings saved').first().waitFor();
}

describe('settings', () => {
  let context: BrowserContext;
  let page: Page;
  let original: ProfileUpdate | undefined;

  beforeAll(async () => {
    context = await newContext(browser);
    page = await context.newPage();
    await signInThroughForm(page, LEARNER);
    await page.waitForURL((url) => url.pathname === '/dashboard/learner');
    await dismissWelcome(page);
    const profile = await readProfile(page);
    original = {
      text_size: profile.text_size,
      line_spacing: profile.line_spacing,
      font_family: profile.font_family,
      color_contrast: profile.color_contrast,
      comfort_mode: profile.comfort_mode,
    };
  });

  // Other test files sign in as the same learner and expect the default look and English.
  afterAll(async () => {
    if (original) await patchProfile(page, original);
    await page.evaluate(() => localStorage.clear());
    await context.close();
  });

  it('applies saved accessibility settings app-wide, with OpenDyslexic served from our own origin', async () => {
    const fontRequests: string[] = [];
    page.on('request', (request) => {
      if (/opendyslexic.*\.woff2?(\?|$)/i.test(request.url())) fontRequests.push(request.url());
    });
    await page.goto('/dashboard/learner/settings?tab=accessibility');
    await page.getByRole('heading', { name: 'Accessibility and comfort' }).waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('16px');

    const textSize = page.getByRole('slider', { name: 'Text size' });
    await textSize.focus();
    await textSize.press('End');
    expect(await textSize.getAttribute('aria-valuenow')).toBe('5');
    // The preview shows the pending size; the page keeps the saved one until Save.
    const preview = page.getByTestId('accessibility-preview');
    expect(await preview.evaluate((element) => getComputedStyle(element).fontSize)).toBe('20px');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('16px');
    await saveAndWait(page);
    await page.waitForFunction(() => getComputedStyle(document.documentElement).fontSize === '20px');

    expect(fontRequests).toEqual([]);
    await page.getByRole('combobox', { name: 'Font' }).click();
    await page.getByRole('option', { name: 'OpenDyslexic' }).click();
    await saveAndWait(page);
    await page.waitForFunction(() => getComputedStyle(document.body).fontFamily.includes('OpenDyslexic'));
    await expect.poll(() => fontRequests.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const origin = new URL(baseUrl()).origin;
    for (const url of fontRequests) expect(new URL(url).origin).toBe(origin);
    await page.waitForFunction(() => document.fonts.check('16px OpenDyslexic'));

    // The next visit applies the stored preferences before the profile arrives.
    await page.reload();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('20px');
  });

  it('has no serious accessibility violations in Standard and High contrast', async () => {
    await page.goto('/dashboard/learner/settings?tab=accessibility');
    await page.getByRole('heading', { name: 'Accessibility and comfort' }).waitFor();
    expect(await seriousViolations(page), 'standard contrast').toEqual([]);

    await page.getByRole('radio', { name: 'High' }).click();
    await saveAndWait(page);
    await page.waitForFunction(() => document.documentElement.dataset.contrast === 'high');
    await settled(page);
    expect(await seriousViolations(page), 'high contrast').toEqual([]);
    for (const tab of ['Profile', 'Language', 'Notifications', 'Integrations']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('tabpanel').getByRole('heading').first().waitFor();
      expect(await seriousViolations(page), `high contrast, ${tab}`).toEqual([]);
    }
  });

  it('switches the interface language at once, without a reload', async () => {
    await page.goto('/dashboard/learner/settings?tab=language');
    await page.getByRole('heading', { name: 'Interface language' }).waitFor();
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    await page.getByRole('radio', { name: 'Deutsch' }).check();
    const german = page.getByRole('navigation', { name: 'Dashboard-Navigation' });
    await german.getByRole('link', { name: 'Einstellungen', exact: true }).waitFor();
    await german.getByRole('link', { name: 'Kurse', exact: true }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Einstellungen' }).waitFor();

    await page.getByRole('radio', { name: '中文' }).check();
    const chinese = page.getByRole('navigation', { name: '仪表板导航' });
    await chinese.getByRole('link', { name: '设置', exact: true }).waitFor();
    await chinese.getByRole('link', { name: '课程', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh');
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    await page.getByRole('radio', { name: 'English' }).check();
    await page.getByRole('navigation', { name: 'Dashboard navigation' }).waitFor();
  });
});

describe('profile time zone', () => {
  it("suggests this device's time zone while the profile still has UTC, and keeps it only on Save", async () => {
    const context = await newContext(browser, { timezoneId: 'Europe/Berlin' });
    const page = await context.newPage();
    await signInThroughForm(page, LEARNER);
    await page.waitForURL((url) => url.pathname === '/dashboard/learner');
    await dismissWelcome(page);
    const { timezone } = await readProfile(page);
    try {
      await patchProfile(page, { timezone: 'UTC' });
      // The page as the server sends it holds the closed time zone list's field, not its 400-odd options.
      const served = await (await page.request.get('/dashboard/learner/settings?tab=profile')).text();
      expect(served).toContain('aria-label="Time zones"');
      expect(served).not.toContain('role="option"');
      await page.goto('/dashboard/learner/settings?tab=profile');
      const field = page.getByRole('combobox', { name: 'Time zone' });
      await page.getByText('Suggested from this device: Europe/Berlin').waitFor();
      expect(await field.inputValue()).toBe('Europe/Berlin');
      expect((await readProfile(page)).timezone).toBe('UTC');

      await page.getByRole('button', { name: 'Keep UTC' }).click();
      await expect.poll(() => field.inputValue()).toBe('UTC');
      await field.fill('tokyo');
      await page.getByRole('option', { name: 'Asia/Tokyo' }).click();
      await saveAndWait(page);
      expect((await readProfile(page)).timezone).toBe('Asia/Tokyo');
    } finally {
      await patchProfile(page, { timezone });
      await context.close();
    }
  });
});

describe('private calendar feed', () => {
  it('creates a link once, which a calendar app can read without signing in, and turning it off stops it', async () => {
    const context = await newContext(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    try {
      await signInThroughForm(page, 'instructor@example.com');
      await page.waitForURL((url) => url.pathname === '/dashboard/learner');
      await dismissWelcome(page);
      await page.goto('/dashboard/learner/settings?tab=integrations');
      await page.getByText('Your calendar feed is off.').waitFor();
      await page.getByRole('button', { name: 'Create private link' }).click();
      const link = page.getByRole('textbox', { name: 'Your private feed link' });
      await link.waitFor();
      const url = await link.inputValue();
      expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\/feed\.ics$/);
      await page.getByRole('button', { name: 'Copy link' }).click();
      await page.getByText('Link copied').first().waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

      // A calendar app has no cookie: a fresh request context fetches the feed.
      const calendarApp = await browser.newContext();
      const feed = await calendarApp.request.get(url);
      expect(feed.status()).toBe(200);
      expect(feed.headers()['content-type']).toContain('text/calendar');
      expect(await feed.text()).toContain('BEGIN:VCALENDAR');

      // After a reload the link is not shown again; the feed is reported as on.
      await page.reload();
      await page.getByText(/Your feed is on since/).waitFor();
      expect(await page.getByRole('textbox', { name: 'Your private feed link' }).count()).toBe(0);

      await page.getByRole('button', { name: 'Turn off feed' }).click();
      await page.getByText('Your calendar feed is off.').waitFor();
      expect((await calendarApp.request.get(url)).status()).toBe(404);
      await calendarApp.close();
    } finally {
      await context.close();
    }
  });
});
