import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dismissWelcome, launchBrowser, newContext, pathOf, signUpAndFollowConfirmation } from './browser';

/** Screens of the checkout, kept for a look after the run. */
const screenshotDir = path.join(tmpdir(), 'portal-screenshots');

/** No WCAG 2.2 AA violation that axe can find. */
async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations.map((violation) => violation.id);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** A confirmed, signed-in learner on the free Calm plan, as the plan page makes one. */
async function signUpOnCalm(page: Page, email: string) {
  await signUpAndFollowConfirmation(page, email, 'Paula Payer');
  const calm = await page.request.post('/api/subscription/checkout', { data: { tier: 'calm' } });
  expect(calm.status()).toBe(200);
}

describe('paid plans through the sandbox checkout', () => {
  let context: BrowserContext;
  afterAll(async () => {
    await context?.close();
  });

  it('a calm learner upgrades to Me with the test card and the Me screens open', async () => {
    context = await newContext(browser);
    const page = await context.newPage();
    await signUpOnCalm(page, `payer-${Date.now()}@example.com`);

    await page.goto('/dashboard/subscription');
    await dismissWelcome(page);
    await page.getByText('You are on the Calm plan.').waitFor();
    await page.getByRole('button', { name: 'Reject Non-Essential' }).click();
    mkdirSync(screenshotDir, { recursive: true });
    await page.screenshot({ path: path.join(screenshotDir, 'subscription-calm.png'), fullPage: true });
    await page.getByText('Yearly').click();
    await page.getByText('Monthly').click();
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Choose Me' }).click();
    const checkout = await opened;
    await checkout.waitForURL((url) => url.pathname.startsWith('/billing/sandbox/cs_'));

    await checkout.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await checkout.getByText('Me plan', { exact: true }).waitFor();
    expect(await checkout.getByTestId('checkout-price').textContent()).toBe('€9.00');
    await checkout.getByText('per month').waitFor();
    await checkout.screenshot({ path: path.join(screenshotDir, 'sandbox-checkout.png'), fullPage: true });

    await checkout.getByRole('button', { name: 'Pay €9.00' }).click();
    await checkout.getByRole('alert').getByText('Enter all 16 digits of the card number.').waitFor();
    const card = checkout.getByLabel('Card number');
    await card.fill('4000000000000002');
    expect(await card.inputValue()).toBe('4000 0000 0000 0002');
    await checkout.getByRole('button', { name: 'Pay €9.00' }).click();
    await checkout.getByRole('alert').getByText('Your card was declined.', { exact: false }).waitFor();
    await checkout.screenshot({ path: path.join(screenshotDir, 'sandbox-checkout-declined.png'), fullPage: true });
    expect(await axeViolations(checkout)).toEqual([]);
    expect(pathOf(checkout)).toMatch(/^\/billing\/sandbox\//);

    await card.fill('4242 4242 4242 4242');
    await checkout.getByRole('button', { name: 'Pay €9.00' }).click();
    await checkout.waitForURL((url) => url.pathname === '/subscription-success');
    await checkout.getByRole('heading', { level: 1, name: 'Your Me plan is active' }).waitFor();
    await checkout.getByText('It renews on', { exact: false }).waitFor();
    await checkout.screenshot({ path: path.join(screenshotDir, 'subscription-success.png'), fullPage: true });
    expect(await axeViolations(checkout)).toEqual([]);

    // The tab that started the checkout learns about the new plan by itself.
    await page.getByText('You are on the Me plan.').waitFor({ timeout: 15_000 });

    await checkout.goto('/dashboard/learner/analytics');
    await checkout.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    await checkout.getByText('Totals for this period').waitFor();
  });

  it('cancel on the checkout leads back to the plans with nothing changed', async () => {
    const cancelContext = await newContext(browser);
    const page = await cancelContext.newPage();
    await signUpOnCalm(page, `canceler-${Date.now()}@example.com`);
    const started = await page.request.post('/api/subscription/checkout', {
      data: { tier: 'universal', interval: 'year' },
    });
    const { url } = (await started.json()) as { url: string };

    await page.goto(url);
    await page.getByText('per year').waitFor();
    await page.getByRole('button', { name: 'Cancel and go back' }).click();
    await page.waitForURL((current) => current.pathname === '/dashboard/subscription');
    await dismissWelcome(page);
    await page.getByText('You are on the Calm plan.').waitFor();

    await page.goto(url);
    await page.getByRole('heading', { level: 1, name: 'Checkout canceled' }).waitFor();
    await cancelContext.close();
  });
});
