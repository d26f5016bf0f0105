import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dismissWelcome,
  launchBrowser,
  newContext,
  pathOf,
  seriousViolations,
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

const LEARNER_PASSWORD = 'violet-harbour-cactus-92';

describe('the admin users console', () => {
  it('an admin finds a learner by part of the email, suspends them (their open tab is signed out) and reactivates them', async () => {
    const stamp = Date.now().toString(36);
    const email = `sam-suspend-${stamp}@example.com`;
    const learnerContext = await newContext(browser);
    const learner = await learnerContext.newPage();
    await signUpAndFollowConfirmation(learner, email, 'Sam Suspend');
    expect((await learner.request.post('/api/subscription/checkout', { data: { tier: 'calm' } })).status()).toBe(200);
    await learner.goto('/dashboard/learner');
    await dismissWelcome(learner);
    await learner.getByRole('heading', { level: 1 }).first().waitFor();

    const adminContext = await newContext(browser);
    const admin = await adminContext.newPage();
    await signInThroughForm(admin, 'admin@example.com');
    await admin.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await admin.goto('/dashboard/admin/users');
    await dismissWelcome(admin);
    await admin.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await admin.getByLabel('Search users').fill(`suspend-${stamp}`);
    await admin.getByRole('link', { name: 'Sam Suspend' }).click();
    await admin.getByRole('heading', { name: 'Sam Suspend' }).first().waitFor();
    expect(await seriousViolations(admin)).toEqual([]);

    await admin.getByRole('button', { name: 'Suspend', exact: true }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Suspend', exact: true }).click();
    await admin.getByText('The account is suspended and its sessions have ended.').first().waitFor();

    // The learner's open tab loses its session: the next screen they open sends them to sign in.
    await learner.goto('/dashboard/learner/goals');
    await learner.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
    expect(await (await learner.request.get('/api/me')).json()).toEqual({ me: null });
    await submitSignInForm(learner, email, LEARNER_PASSWORD);
    await learner
      .getByText('This account is suspended. Contact the site administrator if you think this is a mistake.')
      .first()
      .waitFor();
    expect(pathOf(learner)).toBe('/login');

    await admin.getByRole('button', { name: 'Reactivate', exact: true }).click();
    await admin.getByText('The account is active again.').first().waitFor();

    await submitSignInForm(learner, email, LEARNER_PASSWORD);
    await learner.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    expect(((await (await learner.request.get('/api/me')).json()) as { me: unknown }).me).not.toBeNull();

    const trail = await admin.request.get(`/api/admin/audit?action=admin_user.&target=${encodeURIComponent(email)}`);
    const actions = ((await trail.json()) as { events: { action: string }[] }).events.map((event) => event.action);
    expect(actions).toEqual(expect.arrayContaining(['admin_user.suspend', 'admin_user.reactivate']));

    await Promise.all([adminContext.close(), learnerContext.close()]);
  });
});
