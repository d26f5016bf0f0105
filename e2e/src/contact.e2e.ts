import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseEssentialCookies,
  dismissWelcome,
  launchBrowser,
  mailTo,
  newContext,
  seriousViolations,
  signInThroughForm,
} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('the contact form', () => {
  it('a visitor sends a message, gets a confirmation, and the admin reads and answers it in the inbox', async () => {
    const email = `visitor-${Date.now()}@example.com`;
    const words = `<b>Captions</b> are missing in lesson 3 (${Date.now()})`;
    const visitorContext = await newContext(browser);
    const visitor = await visitorContext.newPage();
    await visitor.goto('/contact');
    await chooseEssentialCookies(visitor);
    await visitor.reload();

    await visitor.getByRole('button', { name: 'Send message' }).click();
    await visitor.getByText('Enter your name.').waitFor();
    await visitor.getByLabel('Your name').fill('Vera Visitor');
    await visitor.getByLabel('Your email address').fill(email);
    await visitor.getByLabel('Topic').selectOption({ label: 'Accessibility' });
    await visitor.getByLabel('Your message').fill(words);
    await visitor.getByRole('button', { name: 'Send message' }).click();
    await visitor.getByRole('heading', { name: 'Thank you, your message is on its way' }).waitFor();
    expect(await seriousViolations(visitor)).toEqual([]);
    await visitorContext.close();

    expect((await mailTo(email)).subject).toBe('We received your message');
    // The admins are told, with the words (mailTo fails when no such message arrives).
    await mailTo('admin@example.com', (message) => message.text.includes(words));

    const adminContext = await newContext(browser);
    const admin = await adminContext.newPage();
    await signInThroughForm(admin, 'admin@example.com');
    await admin.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await admin.goto('/dashboard/admin/contact');
    await dismissWelcome(admin);
    await admin.getByRole('heading', { level: 1, name: 'Contact inbox' }).waitFor();
    await admin
      .getByRole('list', { name: 'New messages' })
      .getByRole('button', { name: /Vera Visitor/ })
      .first()
      .click();
    const detail = admin.getByRole('article', { name: 'Accessibility' });
    await detail.getByText(words, { exact: true }).waitFor();
    await detail.getByLabel(`Reply to ${email}`).fill('Thank you, we are adding them this week.');
    await detail.getByRole('button', { name: 'Send reply' }).click();
    await detail.getByText(`Your reply was sent to ${email}.`).waitFor();
    expect(await seriousViolations(admin)).toEqual([]);
    await adminContext.close();

    const reply = await mailTo(email, (message) => message.subject.startsWith('Re:'));
    expect(reply.subject).toBe('Re: Accessibility');
    expect(reply.text).toContain('Thank you, we are adding them this week.');
  });
});
