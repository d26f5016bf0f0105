import { GAME_SAMPLE_SET } from '@portal/shared/games-sample';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseEssentialCookies,
  dismissWelcome,
  launchBrowser,
  seriousViolations,
  settled,
  signInThroughForm,
  waitForHydration,
} from './browser';
import { startOwnServer } from './own-server';

const CARDS = [
  { front: 'Capital of France', back: 'Paris' },
  { front: 'Capital of Austria', back: 'Wien' },
  { front: 'Capital of Italy', back: 'Rome' },
  { front: 'Capital of Spain', back: 'Madrid' },
];

let browser: Browser;
let own: Awaited<ReturnType<typeof startOwnServer>>;
beforeAll(async () => {
  browser = await launchBrowser();
  // A server of its own: the demo learner's XP is read exactly, and no other test adds to it.
  own = await startOwnServer();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await own?.stop();
});

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

/** Plays a Match round by keyboard alone: Enter on the focused term, Tab to its definition, Enter. */
async function playMatch(page: Page, answerOf: Map<string, string>, pairs: number) {
  for (let pair = 0; pair < pairs; pair += 1) {
    await expect.poll(() => focusedText(page)).not.toBe('');
    const term = await focusedText(page);
    const definition = answerOf.get(term);
    expect(definition, `a definition for "${term}"`).toBeDefined();
    await page.keyboard.press('Enter');
    for (let step = 0; step < 20 && (await focusedText(page)) !== definition; step += 1) {
      await page.keyboard.press('Tab');
    }
    expect(await focusedText(page)).toBe(definition);
    // A person needs a moment per pair; the server refuses rounds played faster than anyone can.
    await page.waitForTimeout(400);
    await page.keyboard.press('Enter');
  }
}

describe('games', () => {
  it('a learner plays Match on their own flashcards by keyboard and gets XP once', async () => {
    const context = waitForHydration(await browser.newContext({ baseURL: own.baseUrl, locale: 'en-US' }));
    const page = await context.newPage();
    const origin = { origin: own.baseUrl };
    await signInThroughForm(page, 'learner@example.com');
    await page.waitForURL((url) => url.pathname === '/dashboard/learner');
    await dismissWelcome(page);
    await chooseEssentialCookies(page);

    const deckName = `Capitals ${Date.now()}`;
    const created = await page.request.post('/api/flashcards/decks', { data: { name: deckName }, headers: origin });
    const { deck } = (await created.json()) as { deck: { id: string } };
    for (const card of CARDS) {
      const note = await page.request.post('/api/flashcards/notes', {
        data: { deck_id: deck.id, ...card },
        headers: origin,
      });
      expect(note.status()).toBe(201);
    }

    await page.goto('/games');
    await page.getByRole('heading', { level: 1, name: 'Learning games' }).waitFor();
    await page.getByLabel('Play on').selectOption({ label: `${deckName} (4 items)` });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Start round' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: 'Terms' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const finished = page.waitForResponse((response) => response.url().endsWith('/finish'));
    await playMatch(page, new Map(CARDS.map((card) => [card.front, card.back])), CARDS.length);
    const finish = await finished;
    expect(finish.status()).toBe(200);
    await page.getByRole('heading', { name: 'Round complete' }).waitFor();
    await page.getByText('4 of 4 correct').waitFor();
    await page.getByText('New personal best!').waitFor();
    // The XP toast may be fading in; colours are checked once the page is at rest.
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);

    // The server's ledger holds one award for the round.
    const gameAwards = async () => {
      const stats = (await (await page.request.get('/api/gamification/stats')).json()) as {
        recent_awards: { event_type: string; xp: number }[];
      };
      return stats.recent_awards.filter((award) => award.event_type === 'game_completed');
    };
    await expect.poll(gameAwards, { timeout: 10_000 }).toHaveLength(1);
    expect((await gameAwards())[0]?.xp).toBeGreaterThanOrEqual(5);

    // Sending the same finish again changes nothing.
    const replay = await page.request.post(finish.url(), { data: finish.request().postDataJSON(), headers: origin });
    expect(replay.status()).toBe(409);
    await page.waitForTimeout(1000);
    expect(await gameAwards()).toHaveLength(1);

    // The learner sees the award in the app's XP display.
    await page.goto('/dashboard/learner/gamification');
    await page.getByText('Game round finished').first().waitFor();
    await context.close();
  });

  it('a signed-out visitor plays the sample set without XP', async () => {
    const context = waitForHydration(await browser.newContext({ baseURL: own.baseUrl, locale: 'en-US' }));
    const page = await context.newPage();
    await page.goto('/games');
    await chooseEssentialCookies(page);
    await page.reload();
    await page.getByText('You are playing the sample set.', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Start round' }).click();
    await page.getByRole('list', { name: 'Terms' }).waitFor();
    const answerOf = new Map(GAME_SAMPLE_SET.en.map((entry) => [entry.prompt, entry.answer]));
    await playMatch(page, answerOf, 4);
    await page.getByRole('heading', { name: 'Round complete' }).waitFor();
    await page.getByText('4 of 4 correct').waitFor();
    await page.getByText('Sample rounds earn no XP.').waitFor();
    await page.getByRole('link', { name: 'Sign in to earn XP' }).waitFor();
    await context.close();
  });
});
