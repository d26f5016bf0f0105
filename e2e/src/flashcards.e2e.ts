import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseEssentialCookies,
  dismissWelcome,
  launchBrowser,
  newContext,
  seriousViolations,
  signInThroughForm,
} from './browser';

/** The demo learner is on the "me" plan, which includes flashcards. */
const LEARNER = 'learner@example.com';
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  page = await context.newPage();
  await signInThroughForm(page, LEARNER);
  await page.waitForURL((url) => url.pathname === '/dashboard/learner');
  await dismissWelcome(page);
  await chooseEssentialCookies(page);
});
afterAll(async () => {
  // Leave the demo learner's scheduling as the seed had it.
  await page.request.put('/api/flashcards/settings', {
    data: { desired_retention: 0.9, new_per_day: 20, reviews_per_day: 200 },
  });
  await context.close();
  await browser.close();
});

describe('flashcards', () => {
  it('a learner creates a deck and cards, reviews with the keyboard and sees what is due tomorrow', async () => {
    const deckName = `Capitals ${Date.now()}`;
    await page.goto('/dashboard/learner/flashcards');
    await page.getByRole('heading', { level: 1, name: 'Flashcards' }).waitFor();

    // A high desired retention brings a card learned today back tomorrow.
    await page.getByRole('button', { name: 'Review settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Review settings' });
    await settings.getByLabel('Desired retention').fill('0.97');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await settings.waitFor({ state: 'hidden' });

    await page.getByLabel('Name of a new deck').fill(deckName);
    await page.getByRole('button', { name: 'Create deck' }).click();
    await page.getByRole('link', { name: deckName }).waitFor();
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/flashcards-decks.png` });
    await page.getByRole('link', { name: deckName }).click();
    await page.getByRole('heading', { level: 1, name: deckName }).waitFor();

    await page.getByLabel('Front').fill('Capital of **France**?');
    await page.getByLabel('Back').fill('Paris');
    await page.getByLabel('Tags').fill('europe');
    await page.getByRole('button', { name: 'Add card' }).click();
    await page.getByText('1 card shown').waitFor();
    await page.getByLabel('Front').fill('{{c1::Madrid}} is the capital of Spain.');
    await expect.poll(() => page.getByText('This makes 1 cloze card.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Add card' }).click();
    await page.getByText('2 cards shown').waitFor();
    await page.getByRole('searchbox', { name: 'Search cards' }).fill('Madrid');
    await page.getByText('1 card shown').waitFor();
    await page.getByRole('searchbox', { name: 'Search cards' }).fill('');
    await page.getByText('2 cards shown').waitFor();
    await page.getByText('0 due · 2 new · 2 cards').waitFor();
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/flashcards-deck.png`, fullPage: true });

    await page.getByRole('link', { name: 'Study', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Review' }).waitFor();
    const showAnswer = page.getByRole('button', { name: /Show answer/ });
    await showAnswer.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByText('Capital of France?').waitFor();

    // Space shows the answer; the Good button (3) says when the card comes back.
    await page.keyboard.press('Space');
    await page.getByText('Paris').waitFor();
    const good = page.getByRole('button', { name: 'Good, next review in 10 minutes' });
    await good.waitFor();
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/flashcards-review.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('3');

    // The cloze card hides its deletion until the answer is shown.
    await page.getByText('[…] is the capital of Spain.').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Show answer');
    await page.keyboard.press('Space');
    await page.getByText('Madrid is the capital of Spain.').waitFor();
    await page.keyboard.press('3');

    // Both are now learning cards; rated Good again (within the learn-ahead window) they graduate to tomorrow.
    for (let round = 0; round < 2; round += 1) {
      await page.getByRole('button', { name: /Show answer/ }).waitFor();
      await page.keyboard.press('Space');
      await page.getByRole('button', { name: 'Good, next review in 1 day' }).waitFor();
      await page.keyboard.press('3');
    }

    await page.getByRole('heading', { name: 'Session complete' }).waitFor();
    await page.getByText('You reviewed 4 cards').waitFor();
    await page.getByText('Due tomorrow: 2 cards').waitFor();
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/flashcards-summary.png`, fullPage: true });

    // Z undoes the last rating: that card is back, and after rating it again the day ends as before.
    await page.keyboard.press('z');
    await page.getByRole('button', { name: /Show answer/ }).waitFor();
    await page.keyboard.press('Space');
    await page.keyboard.press('3');
    await page.getByText('Due tomorrow: 2 cards').waitFor();

    // The study page's review mode runs the same review.
    await page.goto('/dashboard/learner/study/review');
    await page.getByRole('heading', { name: 'Nothing to review right now' }).waitFor();
    await page.getByText(/Due tomorrow: \d+ cards?/).waitFor();
    expect(await page.getByRole('link', { name: 'Go to flashcards' }).getAttribute('href')).toBe(
      '/dashboard/learner/flashcards',
    );
  });
});
