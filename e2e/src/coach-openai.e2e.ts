import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appReady, DEMO_PASSWORD, launchBrowser, waitForHydration } from './browser';
import { startOwnServer } from './own-server';

const ANSWER_WORDS = 'Start with the memory basics lesson [P1] and then test yourself with a few cards.'.split(' ');

/** An OpenAI-compatible endpoint that streams its answer a word every 150 ms, citing the first passage it was given. */
function startModelServer(): Promise<{ server: Server; url: string; requests: () => number }> {
  let requests = 0;
  const server = createServer(async (request, response) => {
    for await (const _ of request) {
      // the prompt is read and dropped
    }
    requests += 1;
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const word of ANSWER_WORDS) {
      const chunk = {
        id: 'chat-1',
        object: 'chat.completion.chunk',
        created: 0,
        model: 'e2e-model',
        choices: [{ index: 0, delta: { content: `${word} ` }, finish_reason: null }],
      };
      response.write(`data: ${JSON.stringify(chunk)}\n\n`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    response.end('data: [DONE]\n\n');
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}/v1`, requests: () => requests });
    });
  });
}

let browser: Browser;
let model: Awaited<ReturnType<typeof startModelServer>>;
let own: Awaited<ReturnType<typeof startOwnServer>>;

beforeAll(async () => {
  browser = await launchBrowser();
  model = await startModelServer();
  own = await startOwnServer({
    COACH_OPENAI_BASE_URL: model.url,
    COACH_OPENAI_API_KEY: 'e2e-key',
    COACH_MODEL: 'e2e-model',
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await own?.stop();
  model?.server.close();
});

describe('the study coach with an OpenAI-compatible model', () => {
  it('streams the answer into the page word by word and turns the cited passage into a lesson link', async () => {
    const context = waitForHydration(await browser.newContext({ baseURL: own.baseUrl, locale: 'en-US' }));
    const page = await context.newPage();
    await page.goto('/login');
    // The sign-in page arrives prerendered: it takes input once the app has hydrated it.
    await appReady(page);
    await page.getByLabel('Email address').fill('learner@example.com');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await page.goto('/dashboard/learner/ai-coach');
    // The screen arrives rendered by the server too: it takes input once the app has taken it over.
    await appReady(page);
    const welcome = page.getByRole('button', { name: "Let's start" });
    if (await welcome.isVisible({ timeout: 3000 }).catch(() => false)) await welcome.click();
    await page.getByRole('heading', { level: 1, name: 'Study coach' }).waitFor();

    await page.getByLabel('Your message').fill('How should I prepare for the memory check?');
    await page.getByLabel('Your message').press('Enter');

    // Part of the answer is on the page while the model is still sending the rest.
    await page.getByText('Start with the memory', { exact: false }).first().waitFor({ timeout: 10_000 });
    expect(await page.getByText('a few cards.', { exact: false }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Stop' }).isVisible()).toBe(true);

    await page.getByText('a few cards.', { exact: false }).first().waitFor({ timeout: 15_000 });
    expect(await page.getByText('[P1]', { exact: false }).count()).toBe(0);
    const sources = page.getByRole('list', { name: 'Lessons used' }).first();
    await sources.waitFor();
    const href = await sources.getByRole('link').first().getAttribute('href');
    expect(href).toMatch(/^\/dashboard\/learner\/course\//);
    expect(model.requests()).toBe(1);
    await context.close();
  });
});
