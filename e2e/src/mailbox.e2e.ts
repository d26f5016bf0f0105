import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, launchBrowser, newContext, signInThroughForm } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('the dev mailbox', () => {
  it('shows a stranger no mail, only how to get in; the admin signs in and reads the confirmation link', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const email = `mailbox-${Date.now()}@example.org`;
    const signedUp = await page.request.post('/api/account/sign-up', {
      data: { email, password: 'a-good-password-42', name: 'Mia Mailbox' },
    });
    expect(signedUp.status()).toBe(201);

    // A stranger (the same machine, but not signed in) reads nothing: not on the page, not from the API.
    expect((await page.request.get('/api/dev/mailbox')).status()).toBe(401);
    await page.goto('/dev/mailbox');
    await page.getByRole('heading', { level: 1, name: 'Dev mailbox' }).waitFor();
    await page.getByText('Only administrators can read the dev mailbox.', { exact: false }).waitFor();
    await page.getByText("every message is also written to the server's log", { exact: false }).waitFor();
    expect(await page.getByText(email).count()).toBe(0);
    expect(await page.getByRole('link', { name: /verify-email/ }).count()).toBe(0);

    // The way in is reachable from the keyboard and brings the admin back to the mailbox.
    const signIn = page.getByRole('link', { name: 'Sign in as an administrator' });
    await signIn.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Email address').fill('admin@example.com');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await page.waitForURL((url) => url.pathname === '/dev/mailbox');
    const message = page.getByRole('listitem').filter({ hasText: email }).first();
    await message.getByRole('heading', { name: 'Confirm your email address' }).waitFor();
    expect(await message.getByRole('link', { name: /verify-email/ }).count()).toBe(1);
    await context.close();
  });

  it('tells a signed-in learner that it is for administrators, and shows no mail', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughForm(page, 'learner@example.com');
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));

    await page.goto('/dev/mailbox');
    await page.getByText('Only administrators can read the dev mailbox, and this account is not one.').waitFor();
    expect(await page.getByRole('listitem').filter({ hasText: '@' }).count()).toBe(0);
    await context.close();
  });
});
