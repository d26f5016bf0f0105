import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dismissWelcome,
  launchBrowser,
  linkMailedTo,
  newContext,
  pathOf,
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

/** A confirmed, signed-in learner on the free Calm plan. */
async function signUpOnCalm(page: Page, email: string, name: string) {
  await signUpAndFollowConfirmation(page, email, name);
  expect((await page.request.post('/api/subscription/checkout', { data: { tier: 'calm' } })).status()).toBe(200);
}

describe('managing a plan', () => {
  it('a calm learner upgrades to Me with an admin’s coupon, opens a Me screen and cancels at the period end', async () => {
    const code = `SAVE${Date.now().toString(36).toUpperCase()}`;
    const adminContext = await newContext(browser);
    const admin = await adminContext.newPage();
    await signInThroughForm(admin, 'admin@example.com');
    await admin.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await admin.goto('/dashboard/admin/coupons');
    await dismissWelcome(admin);
    await admin.getByRole('heading', { level: 1, name: 'Coupons' }).waitFor();
    await admin.getByLabel('Code').fill(code);
    await admin.getByLabel('Discount in percent').fill('25');
    await admin.getByRole('button', { name: 'Create coupon' }).click();
    await admin.getByRole('cell', { name: code, exact: true }).waitFor();
    await adminContext.close();

    const context = await newContext(browser);
    const page = await context.newPage();
    await signUpOnCalm(page, `coupon-${Date.now()}@example.com`, 'Cora Coupon');
    await page.goto('/dashboard/subscription');
    await dismissWelcome(page);
    await page.getByText('You are on the Calm plan.').waitFor();
    await page.getByRole('button', { name: 'Reject Non-Essential' }).click();
    await page.getByLabel('Coupon code (optional)').fill(code.toLowerCase());
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Choose Me' }).click();
    const checkout = await opened;
    await checkout.waitForURL((url) => url.pathname.startsWith('/billing/sandbox/cs_'));
    await checkout.getByText(`Coupon ${code}`).waitFor();
    expect(await checkout.getByTestId('checkout-coupon').textContent()).toBe('−25%');
    expect(await checkout.getByTestId('checkout-price').textContent()).toBe('€6.75');
    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
    await checkout.getByRole('button', { name: 'Pay €6.75' }).click();
    await checkout.waitForURL((url) => url.pathname === '/subscription-success');
    await checkout.getByRole('heading', { level: 1, name: 'Your Me plan is active' }).waitFor();

    await checkout.goto('/dashboard/learner/analytics');
    await checkout.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    expect(pathOf(checkout)).toBe('/dashboard/learner/analytics');

    await checkout.goto('/dashboard/subscription');
    await checkout.getByText('You are on the Me plan.').waitFor();
    await checkout.getByRole('link', { name: 'View receipt' }).waitFor();
    // An upgrade says what it charges today before it is made.
    await checkout.getByRole('button', { name: 'Upgrade' }).first().click();
    const upgrade = checkout.getByRole('alertdialog', { name: 'Change to the Us plan?' });
    await upgrade.getByText(/^The Us plan starts now\. €\d+\.\d\d is charged to your saved card today/).waitFor();
    await upgrade.getByRole('button', { name: 'Confirm change' }).click();
    await checkout.getByText('Your plan changed. The receipt is below.').waitFor();
    await checkout.getByText('You are on the Us plan.').waitFor();

    // Cancelling is asked first, and can be called off.
    await checkout.getByRole('button', { name: 'Cancel at period end' }).click();
    const cancel = checkout.getByRole('alertdialog', { name: 'Cancel your plan?' });
    await cancel.getByText(/^Your plan stays active until .+ and then ends/).waitFor();
    await cancel.getByRole('button', { name: 'Keep my plan' }).click();
    await cancel.waitFor({ state: 'hidden' });
    expect(await checkout.getByTestId('subscription-status').textContent()).toBe('Active');
    await checkout.getByRole('button', { name: 'Cancel at period end' }).click();
    await cancel.getByRole('button', { name: 'Cancel at period end' }).click();
    await checkout.getByTestId('subscription-status').getByText('Canceled').waitFor();
    await checkout.getByText('Your plan is canceled and ends on', { exact: false }).first().waitFor();
    await checkout.getByRole('button', { name: 'Resume plan' }).waitFor();
    await context.close();
  });

  it('an Us owner invites a member by email, who accepts in another browser and gets Us access', async () => {
    const stamp = Date.now();
    const ownerContext = await newContext(browser);
    const owner = await ownerContext.newPage();
    await signUpOnCalm(owner, `owner-${stamp}@example.com`, 'Otto Owner');
    const started = await owner.request.post('/api/subscription/checkout', { data: { tier: 'us', interval: 'month' } });
    const sessionId = ((await started.json()) as { url: string }).url.replace('/billing/sandbox/', '');
    const paid = await owner.request.post(`/api/billing/sandbox/${sessionId}/pay`, {
      data: { cardNumber: '4242424242424242', idempotencyKey: `e2e-${sessionId}` },
    });
    expect(paid.status()).toBe(200);

    const memberEmail = `member-${stamp}@example.com`;
    await owner.goto('/dashboard/subscription');
    await dismissWelcome(owner);
    await owner.getByRole('heading', { level: 2, name: 'Shared plan' }).waitFor();
    await owner.getByLabel('Invite by email').fill(memberEmail);
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await owner.getByTestId('seats-used').getByText('1 of 5 seats used').waitFor();
    await owner.getByRole('button', { name: `Resend the invitation to ${memberEmail}` }).waitFor();

    const memberContext = await newContext(browser);
    const member = await memberContext.newPage();
    await signUpAndFollowConfirmation(member, memberEmail, 'Mia Member');
    await member.goto(await linkMailedTo(memberEmail, '/subscription/invite/'));
    await member.getByRole('heading', { level: 1, name: 'Join a shared Us plan' }).waitFor();
    await member.getByRole('button', { name: 'Accept invitation' }).click();
    await member.getByText("You joined Otto Owner's Us plan.").waitFor();
    const status = await member.request.get('/api/subscription/check');
    expect(await status.json()).toMatchObject({ subscribed: true, subscription_tier: 'us' });
    await member.goto('/dashboard/subscription');
    await dismissWelcome(member);
    await member.getByText('You are on the Us plan.').waitFor();
    await member.getByText('You learn with the Us plan Otto Owner shares with you.').waitFor();

    await owner.reload();
    await owner.getByText('Mia Member').waitFor();
    await memberContext.close();
    await ownerContext.close();
  });
});
