import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const DEMO_PASSWORD = 'demo-password-123';
export const baseUrl = () => inject('baseUrl');

/** Debian's Chromium, driven headless with no background networking (the machine has no outside network). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newContext(browser: Browser, options: { locale?: string } = {}): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseUrl(), locale: options.locale ?? 'en-US' });
}

/** Signs in through the real form and waits for the learner home. */
export async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
}

/** A path the browser is on, without origin. */
export function pathOf(page: Page) {
  return new URL(page.url()).pathname;
}

/** Dismisses the first-visit welcome dialog if it shows. */
export async function dismissWelcome(page: Page) {
  const start = page.getByRole('button', { name: "Let's start" });
  const shown = await start
    .waitFor({ timeout: 5000 })
    .then(() => true)
    .catch(() => false);
  if (shown) await start.click();
}

/**
 * Waits until the page is at rest for colour checks: every toast has mounted (a toast is transparent for a frame
 * before its entrance starts), no finite animation or transition runs, and that has held for 300 ms (a new toast
 * restacks the others a frame after it appears, which starts their transitions).
 */
export function settled(page: Page) {
  return page.waitForFunction(() => {
    const calm =
      [...document.querySelectorAll('[data-sonner-toast]')].every(
        (toast) => toast.getAttribute('data-mounted') === 'true' && toast.getAttribute('data-removed') !== 'true',
      ) &&
      document
        .getAnimations()
        .every(
          (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        );
    const state = window as unknown as { calmSince?: number };
    if (!calm) {
      state.calmSince = undefined;
      return false;
    }
    state.calmSince ??= performance.now();
    return performance.now() - state.calmSince >= 300;
  });
}
