import AxeBuilder from '@axe-core/playwright';
import { CONSENT_STORAGE_KEY, type ConsentRecord } from '@portal/shared/consent';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, pathOf, signInThroughForm } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const bannerOf = (page: Page) => page.getByRole('region', { name: 'We value your privacy' });

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Presses Tab until the focused element's text is `text`, as a keyboard user would. */
async function tabTo(page: Page, text: string, limit = 60) {
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === text) return;
  }
  throw new Error(`"${text}" is not reachable with Tab`);
}

describe('cookie consent', () => {
  it('a new visitor rejects non-essential cookies, is not asked again, and the choice reaches the account on sign-in', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    const banner = bannerOf(page);
    await banner.waitFor();
    expect(await banner.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
    expect(await banner.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms-of-service');

    await banner.getByRole('button', { name: 'Reject Non-Essential' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(
      JSON.parse((await page.evaluate((key) => localStorage.getItem(key), CONSENT_STORAGE_KEY)) ?? '{}'),
    ).toMatchObject({ essential: true, analytics: false, marketing: false, functional: false });

    await page.reload({ waitUntil: 'networkidle' });
    await page.locator('h1').first().waitFor();
    expect(await bannerOf(page).count()).toBe(0);

    await signInThroughForm(page, 'learner@example.com');
    await page.waitForURL((url) => url.pathname === '/dashboard/learner');
    expect(await bannerOf(page).count()).toBe(0);

    let inForce: ConsentRecord[] = [];
    for (let attempt = 0; attempt < 50 && inForce.length < 4; attempt += 1) {
      const response = await page.request.get('/api/consent/history');
      expect(response.status()).toBe(200);
      inForce = ((await response.json()) as { history: ConsentRecord[] }).history.filter(
        (row) => row.withdrawn_at === null,
      );
      if (inForce.length < 4) await page.waitForTimeout(200);
    }
    expect(Object.fromEntries(inForce.map((row) => [row.consent_type, row.is_granted]))).toEqual({
      essential: true,
      analytics: false,
      marketing: false,
      functional: false,
    });
    await context.close();
  });

  it('the banner works with the keyboard, never blocks the page and has no serious WCAG violations', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/login');
    const banner = bannerOf(page);
    await banner.waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The page stays usable while the banner is shown: it is not modal.
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByLabel('Email address').fill('someone@example.com');

    await tabTo(page, 'Customize');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Cookie preferences' });
    await dialog.waitFor();
    expect(await dialog.getByRole('switch', { name: /Essential/ }).isDisabled()).toBe(true);
    await dialog.getByText('Kept for 26 months').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Customize');

    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Accept All');
    await page.keyboard.press('Enter');
    await banner.waitFor({ state: 'detached' });
    expect(pathOf(page)).toBe('/login');
    expect(
      JSON.parse((await page.evaluate((key) => localStorage.getItem(key), CONSENT_STORAGE_KEY)) ?? '{}'),
    ).toMatchObject({ analytics: true, marketing: true, functional: true });
    await context.close();
  });
});
