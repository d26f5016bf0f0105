import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dismissWelcome,
  launchBrowser,
  pathOf,
  seriousViolations,
  signInThroughForm,
  waitForHydration,
} from './browser';
import { startOwnServer } from './own-server';

let browser: Browser;
let own: Awaited<ReturnType<typeof startOwnServer>>;
beforeAll(async () => {
  browser = await launchBrowser();
  // The demo learner's progress is what the coach answers from; the shared server's is changed by other tests.
  own = await startOwnServer();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await own?.stop();
});

const COACH = '/dashboard/learner/ai-coach';
const NOT_SENT = 'Your message could not be sent. Check your connection and try again.';

/** The demo learner on the coach screen of the test's own server. */
async function openCoach(path = COACH): Promise<Page> {
  const context = waitForHydration(await browser.newContext({ baseURL: own.baseUrl, locale: 'en-US' }));
  const page = await context.newPage();
  await signInThroughForm(page, 'learner@example.com');
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
  await page.goto(path);
  await dismissWelcome(page);
  await page.getByRole('heading', { level: 1, name: 'Study coach' }).waitFor();
  return page;
}

const messageBox = (page: Page) => page.getByLabel('Your message');

/** Asks through the API, as another tab of the learner would; returns the event names of the answer. */
async function askElsewhere(page: Page, conversationId: string, content: string) {
  const response = await page.request.post(`/api/coach/conversations/${conversationId}/messages`, {
    data: { content, language: 'en' },
    headers: { origin: own.baseUrl },
  });
  return response.status() === 200 ? [...(await response.text()).matchAll(/^event: (\w+)$/gmu)].map((m) => m[1]) : [];
}

describe('the study coach', () => {
  it('answers "what should I study now" from the learner’s own courses, citing a lesson link that opens it', async () => {
    const context = waitForHydration(await browser.newContext({ baseURL: own.baseUrl, locale: 'en-US' }));
    const page = await context.newPage();
    await signInThroughForm(page, 'learner@example.com');
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await page.goto('/dashboard/learner/ai-coach');
    await dismissWelcome(page);
    await page.getByRole('heading', { level: 1, name: 'Study coach' }).waitFor();
    await page
      .getByText(/messages left today/)
      .first()
      .waitFor();
    const before = await page
      .getByText(/messages left today/)
      .first()
      .textContent();

    await page.getByLabel('Your message').fill('What should I study now?');
    await page.getByLabel('Your message').press('Enter');
    const sources = page.getByRole('list', { name: 'Lessons used' }).first();
    await sources.waitFor({ timeout: 15_000 });
    const lessonLink = sources.getByRole('link').first();
    const href = await lessonLink.getAttribute('href');
    expect(href).toMatch(/^\/dashboard\/learner\/course\//);
    await expect
      .poll(() =>
        page
          .getByText(/messages left today/)
          .first()
          .textContent(),
      )
      .not.toBe(before);
    expect(await seriousViolations(page)).toEqual([]);

    await lessonLink.click();
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard/learner/course/'));
    expect(pathOf(page)).toBe(new URL(href ?? '', page.url()).pathname);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await context.close();
  });

  it('a first question that cannot be sent stays in the box with an error, and sends once the connection is back', async () => {
    const page = await openCoach();
    await page.route('**/api/coach/conversations', (route) =>
      route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
    );
    await messageBox(page).fill('What should I study now?');
    await messageBox(page).press('Enter');
    await page.getByRole('alert').filter({ hasText: NOT_SENT }).waitFor();
    expect(await messageBox(page).inputValue()).toBe('What should I study now?');

    await page.unroute('**/api/coach/conversations');
    await messageBox(page).press('Enter');
    await page.getByRole('list', { name: 'Lessons used' }).first().waitFor({ timeout: 15_000 });
    expect(await messageBox(page).inputValue()).toBe('');
    expect(await page.getByText(NOT_SENT).count()).toBe(0);
    await page.context().close();
  });

  it('a link to a conversation that no longer exists says so, and the next question starts a new one', async () => {
    const page = await openCoach(`${COACH}?c=00000000-0000-4000-8000-000000000000`);
    await page.getByText('That conversation no longer exists.', { exact: false }).waitFor();
    expect(new URL(page.url()).searchParams.get('c')).toBeNull();
    await messageBox(page).fill('What should I study now?');
    await messageBox(page).press('Enter');
    await page.getByRole('list', { name: 'Lessons used' }).first().waitFor({ timeout: 15_000 });
    await page.waitForURL((url) => /^[0-9a-f-]{36}$/u.test(url.searchParams.get('c') ?? ''));
    expect(await page.getByText(NOT_SENT).count()).toBe(0);
    await page.context().close();
  });

  // Uses up the demo learner's messages for today: keep it last.
  it('a question refused at the daily limit stays in the box; Send is then disabled and Enter sends nothing', async () => {
    const page = await openCoach();
    const api = page.request;
    const headers = { origin: own.baseUrl };
    const created = await api.post('/api/coach/conversations', { data: {}, headers });
    const { id } = ((await created.json()) as { conversation: { id: string } }).conversation;
    const remaining = async () =>
      ((await (await api.get('/api/coach/overview')).json()) as { usage: { remaining: number } }).usage.remaining;
    // Another tab uses every message but one before this screen opens, and the last one after.
    for (let left = await remaining(); left > 1; left = await remaining())
      await askElsewhere(page, id, 'How am I doing?');
    await page.reload();
    await page.getByText('1 of 30 messages left today').first().waitFor();
    await askElsewhere(page, id, 'How am I doing?');

    await messageBox(page).fill('One more question');
    await messageBox(page).press('Enter');
    await page.getByText("You have used all of today's coach messages.", { exact: false }).first().waitFor();
    expect(await messageBox(page).inputValue()).toBe('One more question');
    const send = page.getByRole('button', { name: 'Send' });
    await page.getByText('No messages left today. You can send again tomorrow.').waitFor();
    expect(await send.isDisabled()).toBe(true);

    let sent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/messages')) sent += 1;
    });
    await messageBox(page).press('Enter');
    await page.waitForTimeout(300);
    expect(sent).toBe(0);
    expect(await messageBox(page).inputValue()).toBe('One more question');
    await page.context().close();
  });
});
