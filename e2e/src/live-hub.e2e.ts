import type { Browser } from 'playwright-core';
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

/** A wall-clock time in UTC `days` from now at 18:00, as the datetime-local field takes it. */
const utcEveningIn = (days: number) => `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T18:00`;

describe('the live hub', () => {
  it('an instructor schedules a session in the dialog; a us learner answers going and downloads the .ics', async () => {
    const stamp = Date.now();
    const title = `Pronunciation lab ${stamp}`;
    // Read once: the .ics is checked against the day the dialog was given, even if UTC midnight passes meanwhile.
    const startsLocal = utcEveningIn(2);
    const hostContext = await newContext(browser);
    const host = await hostContext.newPage();
    await signInThroughForm(host, 'instructor@example.com');
    await host.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await host.goto('/dashboard/learner/live-hub');
    await dismissWelcome(host);
    await host.getByRole('heading', { level: 1, name: 'Live hub' }).waitFor();
    await host.getByRole('button', { name: 'Schedule a session' }).click();
    const dialog = host.getByRole('dialog', { name: 'Schedule a session' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Date and time').fill(startsLocal);
    await dialog.getByLabel('Time zone').selectOption('UTC');
    await dialog.getByLabel('Capacity').fill('10');
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await host.getByRole('article', { name: title }).first().waitFor();

    const learnerContext = await newContext(browser);
    const learner = await learnerContext.newPage();
    await signUpAndFollowConfirmation(learner, `lina-${stamp}@example.com`, `Lina Us ${stamp}`);
    const checkout = await learner.request.post('/api/subscription/checkout', {
      data: { tier: 'us', interval: 'month' },
    });
    const checkoutId = ((await checkout.json()) as { url: string }).url.replace('/billing/sandbox/', '');
    const paid = await learner.request.post(`/api/billing/sandbox/${checkoutId}/pay`, {
      data: { cardNumber: '4242424242424242', idempotencyKey: `e2e-live-${checkoutId}` },
    });
    expect(paid.status()).toBe(200);

    await learner.goto('/dashboard/learner/live-hub');
    await dismissWelcome(learner);
    const card = learner.getByRole('article', { name: title }).first();
    await card.waitFor();
    await card
      .getByRole('group', { name: `Your answer for ${title}` })
      .getByRole('button', { name: 'Going', exact: true })
      .click();
    await card.getByRole('status').getByText('You are going.').waitFor();
    expect(await card.getByText('1 of 10 going').count()).toBe(1);

    const downloading = learner.waitForEvent('download');
    await card.getByRole('link', { name: /Add to calendar/ }).click();
    const download = await downloading;
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk));
    const ics = Buffer.concat(chunks).toString('utf8');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain(`SUMMARY:${title}`);
    expect(ics).toContain(`DTSTART:${startsLocal.slice(0, 10).replaceAll('-', '')}T180000Z`);

    expect(await seriousViolations(learner)).toEqual([]);
    expect(await seriousViolations(host)).toEqual([]);
    await Promise.all([hostContext.close(), learnerContext.close()]);
  });
});
