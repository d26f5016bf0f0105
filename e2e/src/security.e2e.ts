import { createHmac } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dismissWelcome, launchBrowser, linkMailedTo, newContext, pathOf } from './browser';

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  const bits = [...text.replace(/=+$/, '').toUpperCase()]
    .map((char) => {
      const value = BASE32_ALPHABET.indexOf(char);
      if (value < 0) throw new Error(`not base32: ${char}`);
      return value.toString(2).padStart(5, '0');
    })
    .join('');
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
}

/** What an authenticator app shows for this secret right now (RFC 6238: HMAC-SHA1, 30 s, 6 digits). */
function totpCode(secret: string): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (digest.at(-1) ?? 0) & 0xf;
  return String((digest.readUInt32BE(offset) % 0x80000000) % 1_000_000).padStart(6, '0');
}

/** Signs up through the API, follows the mailed link in the browser and starts on Calm. */
async function signUpNewLearner(page: Page, email: string, password: string) {
  const signedUp = await page.request.post('/api/account/sign-up', { data: { email, password, name: 'Sam Secure' } });
  expect(signedUp.status()).toBe(201);
  await page.goto(await linkMailedTo(email, 'verify-email'));
  await page.getByRole('heading', { name: 'Your email is confirmed' }).waitFor();
  await page.goto('/choose-plan');
  await page.getByRole('button', { name: 'Start with Calm' }).click();
  await page.waitForURL((target) => target.pathname === '/dashboard/learner');
  await dismissWelcome(page);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('two-factor authentication', () => {
  it('is turned on in the security tab, then signing in needs a code from the authenticator', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const email = `secure-${Date.now()}@example.org`;
    const password = 'a-good-password-42';
    await signUpNewLearner(page, email, password);

    await page.goto('/dashboard/learner/settings?tab=security');
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    await page.getByRole('list', { name: 'Active sessions' }).getByText('This device', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
    await dialog.getByLabel('Current password').fill(password);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = await dialog.getByLabel('Setup key').inputValue();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(
      (await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa']).analyze()).violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id),
    ).toEqual([]);

    await dialog.getByLabel('6-digit code from the app').fill(totpCode(secret));
    await dialog.getByRole('button', { name: 'Verify and turn on' }).click();
    const done = page.getByRole('dialog', { name: 'Two-factor authentication is on' });
    await done.getByRole('list', { name: 'Backup codes' }).waitFor();
    expect(await done.getByRole('listitem').count()).toBe(10);
    await done.getByRole('button', { name: 'Done' }).click();
    await page.getByText('Unused backup codes: 10').waitFor();

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL((target) => target.pathname === '/login');

    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Enter the 6-digit code from your authenticator app').waitFor();
    expect(pathOf(page)).toBe('/login');
    await page.getByLabel('Authentication code').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.waitForURL((target) => target.pathname === '/dashboard/learner');
    await context.close();
  });
});
