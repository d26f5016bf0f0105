import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, linkMailedTo, mailTo, newContext, pathOf, seriousViolations } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const NAV_SCREENS: Array<[string, string]> = [
  ['Library', 'My library'],
  ['Courses', 'Courses'],
  ['Goals', 'Goals'],
  ['Notes', 'Notes'],
  ['Flashcards', 'Flashcards'],
  ['Study sessions', 'Study session'],
  ['Achievements', 'Achievements'],
  ['Analytics', 'Analytics'],
  ['Study coach', 'Study coach'],
  ['Live hub', 'Live hub'],
  ['Subscription', 'Subscription'],
  ['Settings', 'Settings'],
  ['Home', ''],
];

describe('a new visitor', () => {
  it('signs up, confirms, picks Calm, moves through every screen and signs out', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const email = `new-${Date.now()}@example.org`;
    const password = 'a-good-password-42';

    await page.goto('/');
    await page.getByRole('link', { name: 'Sign in' }).first().click();
    await page.getByRole('tab', { name: 'Create account' }).click();
    await page.getByLabel('Your name').fill('Nora New');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Check your email').waitFor();

    // Signing in before confirming is refused with a clear message.
    await page.getByRole('tab', { name: 'Sign in' }).click();
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // An unconfirmed account reads like a wrong password (no hint whether an address exists), and says what to do.
    await page.getByText('If you have just signed up, confirm your account first', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Send the confirmation link again' }).waitFor();

    // Without SMTP the confirmation link waits in the dev mailbox, which an admin reads (and in the server log).
    const confirmLink = await linkMailedTo(email, 'verify-email');
    // Until a plan is chosen nothing asks for what only a plan shows (XP, say): no request is refused.
    const refused: string[] = [];
    const noteRefused = (response: { status(): number; url(): string }) => {
      if (response.status() === 402) refused.push(response.url());
    };
    page.on('response', noteRefused);
    await page.goto(confirmLink);
    await page.waitForURL((url) => url.pathname === '/auth/confirm');
    await page.getByRole('heading', { name: 'Your email is confirmed' }).waitFor();

    // Signed in but without a plan: the dashboard sends the user to plan selection.
    await page.goto('/dashboard/learner');
    await page.waitForURL((url) => url.pathname === '/choose-plan');
    await page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    expect(await page.getByText('Coming soon').count()).toBe(0);
    await page.getByRole('button', { name: 'Choose Universal' }).waitFor();
    page.off('response', noteRefused);
    expect(refused).toEqual([]);
    await page.getByRole('button', { name: 'Start with Calm' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/learner');
    await page.getByText('Success!').waitFor();

    // First visit: the welcome dialog, then never again.
    await page.getByRole('dialog', { name: 'Welcome to Learning Portal!' }).waitFor();
    // A modal dialog: focus starts on its first button and the page behind it cannot be reached.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Let's start");
    const behindTakesFocus = () =>
      page.evaluate(() => {
        const link = document.querySelector<HTMLElement>('nav a[href="/dashboard/learner/goals"]');
        link?.focus();
        return link !== null && document.activeElement === link;
      });
    expect(await behindTakesFocus()).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: "Let's start" }).click();
    await page.getByRole('heading', { level: 1, name: /Nora/ }).waitFor();
    expect(await behindTakesFocus()).toBe(true);

    const nav = page.getByRole('navigation', { name: 'Dashboard navigation' });
    for (const [link, heading] of NAV_SCREENS) {
      await nav.getByRole('link', { name: link, exact: true }).click();
      if (heading) await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
    }
    expect(pathOf(page)).toBe('/dashboard/learner');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /Nora/ }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.goto('/dashboard/learner');
    await page.waitForURL((url) => url.pathname === '/login');

    // And back in with the same credentials.
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/learner');
    await context.close();
  });

  it('signs up with a phone number, confirms the texted code and starts on Calm', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const phoneNumber = `+4915${String(Date.now()).slice(-9)}`;
    await page.goto('/login?mode=signup');
    await page.locator('label', { hasText: 'Phone number' }).click();
    expect(await page.getByRole('radio', { name: 'Phone number' }).isChecked()).toBe(true);
    await page.getByRole('textbox', { name: 'Phone number' }).fill(phoneNumber);
    await page.getByLabel('Password', { exact: true }).fill('a-good-password-42');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(`We sent a text message to ${phoneNumber}.`, { exact: false }).waitFor();

    const text = (await mailTo(phoneNumber)).text;
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('Verification code').fill(code ?? '');
    await page.getByRole('button', { name: 'Confirm phone number' }).click();
    await page.waitForURL((url) => url.pathname === '/choose-plan');
    await page.getByRole('button', { name: 'Start with Calm' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/learner');
    await context.close();
  });

  it('is told what is missing when signing in without credentials', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('You must provide either an email or phone number and a password').waitFor();
    await context.close();
  });

  it('resets a forgotten password through the emailed link', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL((url) => url.pathname === '/reset-password');
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('Email address').fill('instructor@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('a reset link is on its way').waitFor();
    const resetLink = await linkMailedTo('instructor@example.com', 'reset-password');
    await page.goto(resetLink);
    await page.waitForURL((url) => url.pathname === '/reset-password' && url.searchParams.has('token'));
    await page.getByLabel('New password', { exact: true }).fill('demo-password-123');
    await page.getByLabel('Repeat the new password').fill('demo-password-123');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Your password has been changed.').waitFor();
    await context.close();
  });
});
