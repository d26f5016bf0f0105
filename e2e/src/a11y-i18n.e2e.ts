import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dismissWelcome, launchBrowser, newContext, signInThroughForm } from './browser';

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

describe('accessibility', () => {
  it('public pages have no serious WCAG violations', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    for (const path of ['/', '/login', '/choose-plan', '/privacy-policy', '/reset-password', '/no-such-page']) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await context.close();
  });

  it('dashboard screens have no serious WCAG violations and are reachable by keyboard', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughForm(page, 'admin@example.com');
    await page.waitForURL((url) => url.pathname === '/dashboard/learner');
    await dismissWelcome(page);
    for (const path of [
      '/dashboard/learner',
      '/dashboard/learner/settings',
      '/dashboard/subscription',
      '/dashboard/admin',
    ]) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      expect(await seriousViolations(page), path).toEqual([]);
    }
    // The first Tab reaches the skip link, which moves focus to the main content.
    await page.goto('/dashboard/learner');
    await page.locator('h1').first().waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await context.close();
  });
});

describe('languages', () => {
  it('follows the browser language when nothing is stored', async () => {
    const context = await newContext(browser, { locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: '欢迎来到学习门户' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh');
    await context.close();
  });

  it('keeps a chosen language over the browser language, and ignores script-like stored values', async () => {
    const context = await newContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Interface language').selectOption('de');
    await page.getByRole('heading', { name: 'Willkommen im Lernportal' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Willkommen im Lernportal' }).waitFor();

    await page.evaluate(() => localStorage.setItem('portal.language', '<script>alert(1)</script>'));
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome to Learning Portal' }).waitFor();
    await context.close();
  });
});
