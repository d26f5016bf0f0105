import AxeBuilder from '@axe-core/playwright';
import type { Catalogue } from '@portal/shared/course-catalogue';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dismissWelcome,
  launchBrowser,
  newContext,
  pathOf,
  signInThroughForm,
  signUpAndFollowConfirmation,
  submitSignInForm,
} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
}

/** Follows a link in the page's main content with the keyboard: focus it, then Enter. */
async function pressLink(page: Page, name: string) {
  const link = page.getByRole('main').getByRole('link', { name, exact: true });
  await link.focus();
  await page.keyboard.press('Enter');
}

describe('screens tell the truth', () => {
  it('a confirmation page the server did not send there says the link is invalid or expired', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    for (const url of [
      '/auth/confirm',
      '/auth/confirm?error=INVALID_TOKEN',
      '/api/auth/verify-email?token=not-a-token&callbackURL=/auth/confirm',
    ]) {
      await page.goto(url);
      await page.waitForURL((current) => current.pathname === '/auth/confirm');
      await page.getByRole('heading', { level: 1, name: "This link didn't work" }).waitFor();
      await page.getByText('The confirmation link is invalid or has expired.').waitFor();
      expect(await page.getByText('Your email is confirmed').count()).toBe(0);
    }
    await expectAccessible(page);
    await pressLink(page, 'Back to sign in');
    await page.waitForURL((current) => current.pathname === '/login');
    await context.close();
  });

  it('the link from the confirmation mail, accepted by the server, is the one way to "Your email is confirmed"', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const email = `confirm-${Date.now().toString(36)}@example.com`;
    await signUpAndFollowConfirmation(page, email, 'Cora Confirm');
    await page.getByRole('heading', { level: 1, name: 'Your email is confirmed' }).waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it('signed out, the subscription success page claims no plan and offers sign-in, then shows the real plan', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/subscription-success');
    await page.getByRole('heading', { level: 1, name: 'Sign in to see your plan' }).waitFor();
    expect(await page.getByText('Your plan is active').count()).toBe(0);
    expect(await page.getByText('Everything in your plan is ready for you.').count()).toBe(0);
    await expectAccessible(page);

    await pressLink(page, 'Sign in');
    await page.waitForURL((current) => current.pathname === '/login');
    await submitSignInForm(page, 'learner@example.com');
    // Back where the user was, now with the plan the server reports (the demo learner is on the Me plan).
    await page.waitForURL((current) => current.pathname === '/subscription-success');
    await page.getByRole('heading', { level: 1, name: 'Your Me plan is active' }).waitFor();
    await context.close();
  });

  it('"Upgrade to open" and "See plans" in the dashboard open the subscription page of a subscribed learner', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughForm(page, 'learner@example.com');
    await page.waitForURL((current) => current.pathname === '/dashboard/learner');
    await dismissWelcome(page);
    const reject = page.getByRole('button', { name: 'Reject Non-Essential' });
    if (await reject.isVisible().catch(() => false)) await reject.click();
    const subscriptionPage = async () => {
      await page.waitForURL((current) => current.pathname === '/dashboard/subscription');
      await page.getByRole('heading', { level: 1, name: 'Subscription' }).waitFor();
      await page.getByText('You are on the Me plan.').waitFor();
    };

    await page.goto('/dashboard/learner/courses');
    await pressLink(page, 'Upgrade to open: Working with spreadsheets');
    await subscriptionPage();

    const catalogue = (await (await page.request.get('/api/courses?search=spreadsheets')).json()) as Catalogue;
    const premium = catalogue.courses.find((course) => course.title === 'Working with spreadsheets');
    if (!premium) throw new Error('the demo premium course is missing');
    await page.goto(`/dashboard/learner/learning-state/${premium.id}`);
    await pressLink(page, 'See plans');
    await subscriptionPage();
    expect(pathOf(page)).toBe('/dashboard/subscription');
    await context.close();
  });
});
