import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dismissWelcome,
  launchBrowser,
  newContext,
  seriousViolations,
  signInThroughForm,
  signUpAndFollowConfirmation,
} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** A confirmed learner on the Calm plan with the learner home open. */
async function learnerWithHomeOpen(name: string): Promise<{ context: BrowserContext; page: Page; email: string }> {
  const email = `${name.toLowerCase().replace(/\s+/g, '-')}-${Date.now()}@example.com`;
  const context = await newContext(browser);
  const page = await context.newPage();
  await signUpAndFollowConfirmation(page, email, name);
  expect((await page.request.post('/api/subscription/checkout', { data: { tier: 'calm' } })).status()).toBe(200);
  await page.goto('/dashboard/learner');
  await dismissWelcome(page);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return { context, page, email };
}

describe('the beta programme', () => {
  it('an admin adds a learner to the beta and posts an update: it shows at once in their open tab, not in others', async () => {
    const beta = await learnerWithHomeOpen('Bea Beta');
    const other = await learnerWithHomeOpen('Nils Nonbeta');

    const adminContext = await newContext(browser);
    const admin = await adminContext.newPage();
    await signInThroughForm(admin, 'admin@example.com');
    await admin.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await admin.goto('/dashboard/admin/beta');
    await dismissWelcome(admin);
    await admin.getByRole('heading', { level: 1, name: 'Beta programme' }).waitFor();

    await admin.getByLabel('Find a user to add').fill(beta.email);
    await admin.getByRole('button', { name: 'Search', exact: true }).click();
    await admin.getByRole('button', { name: 'Add to beta: Bea Beta' }).click();
    await admin.getByText('Bea Beta is now in the beta programme.').waitFor();

    // The learner's header learns of the grant over the open connection and offers What's new.
    await beta.page.getByRole('button', { name: /What's new/ }).waitFor({ timeout: 5000 });
    expect(await other.page.getByRole('button', { name: /What's new/ }).count()).toBe(0);

    const title = `Offline notes ${Date.now()}`;
    await admin.getByLabel('Title', { exact: true }).fill(title);
    await admin
      .getByLabel('Message', { exact: true })
      .fill('<script>alert(1)</script> Notes now sync when you are back online.');
    await admin.getByLabel('Type', { exact: true }).selectOption({ label: 'New feature' });
    await admin.getByText(title).first().waitFor();
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.getByRole('button', { name: 'Post update' }).click();
    const posted = Date.now();

    const toast = beta.page.getByText(title);
    await toast.waitFor({ timeout: 2000 });
    expect(Date.now() - posted).toBeLessThan(2000);
    await beta.page.getByText('<script>alert(1)</script> Notes now sync when you are back online.').waitFor();
    await admin.getByText(`“${title}” was sent to the beta users.`).waitFor();

    // The other learner's tab, open the whole time, never receives it.
    await beta.page.waitForTimeout(1500);
    expect(await other.page.getByText(title).count()).toBe(0);

    await beta.page.getByRole('button', { name: 'Dismiss' }).first().click();
    await toast.waitFor({ state: 'detached' });
    await beta.page.getByRole('button', { name: /What's new/ }).click();
    await beta.page.getByText(title).first().waitFor();
    expect(await seriousViolations(beta.page)).toEqual([]);

    await Promise.all([adminContext.close(), beta.context.close(), other.context.close()]);
  });
});
