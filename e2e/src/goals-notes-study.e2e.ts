import { readFile } from 'node:fs/promises';
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

const LEARNER = 'learner@example.com';

let browser: Browser;
let context: BrowserContext;
let page: Page;

/** The id of a lesson of a demo course, found through the learner's own course outline. */
async function demoLesson(target: Page, slug: string, title: string) {
  const response = await target.request.get(`/api/courses/by-slug/${slug}/outline`);
  expect(response.status()).toBe(200);
  const outline = (await response.json()) as {
    course: { id: string };
    modules: { lessons: { id: string; title: string }[] }[];
  };
  const lesson = outline.modules.flatMap((module) => module.lessons).find((candidate) => candidate.title === title);
  if (!lesson) throw new Error(`no lesson "${title}" in ${slug}`);
  return { courseId: outline.course.id, lessonId: lesson.id };
}

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
  await context.close();
  await browser.close();
});

describe('goals', () => {
  it('creates a checklist goal, pauses it into the Paused tab and resumes it', async () => {
    const title = `Exam week ${Date.now()}`;
    await page.goto('/dashboard/learner/goals');
    await page.getByRole('heading', { level: 1, name: 'Goals' }).waitFor();
    // The demo learner's goals show with their stats.
    await page.getByRole('region', { name: 'Goal overview' }).waitFor();

    await page.getByRole('button', { name: 'New goal' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New goal' });
    await dialog.getByRole('radio', { name: /Checklist/ }).check();
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Step 1', { exact: true }).fill('Read the summary');
    await dialog.getByLabel('Step 2', { exact: true }).fill('Do a practice quiz');
    await dialog.getByRole('button', { name: 'Create goal' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const card = page.getByRole('article', { name: title });
    await card.getByText('0 of 2 steps done').waitFor();
    // A refetch of the new goal can land in the same frame as the tick; what counts is the state it settles in.
    await card.getByRole('checkbox', { name: 'Read the summary' }).click();
    await card.getByText('1 of 2 steps done').waitFor();
    expect(await card.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');

    await card.getByRole('button', { name: `Pause ${title}` }).click();
    await card.getByRole('button', { name: `Resume ${title}` }).waitFor();
    await page.getByRole('tab', { name: /Paused/ }).click();
    const paused = page.getByRole('tabpanel').getByRole('article', { name: title });
    await paused.waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await paused.getByRole('button', { name: `Resume ${title}` }).click();
    await page.getByRole('tabpanel').getByRole('article', { name: title }).waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: /Active/ }).click();
    await page.getByRole('tabpanel').getByRole('article', { name: title }).waitFor();

    const goals = (await (await page.request.get('/api/goals')).json()) as { goals: { id: string; title: string }[] };
    const created = goals.goals.find((goal) => goal.title === title);
    expect(created).toBeDefined();
    await page.request.delete(`/api/goals/${created?.id}`);
  });
});

describe('notes', () => {
  it('writes a note beside a lesson, finds it by search and exports it as Markdown', async () => {
    const word = `mnemonic${Date.now()}`;
    const { courseId, lessonId } = await demoLesson(page, 'study-skills-that-stick', 'Why we forget');
    await page.goto(`/dashboard/learner/course/${courseId}?lesson=${lessonId}`);
    const panel = page.getByRole('region', { name: 'My notes' });
    await panel
      .getByLabel('New note on Why we forget')
      .fill(`A **${word}** helps me remember <script>alert(1)</script>`);
    await panel.getByRole('button', { name: 'Add note' }).click();
    await panel.locator('strong', { hasText: word }).waitFor();
    // The script tag is shown as text, never run.
    await panel.getByText('<script>alert(1)</script>', { exact: false }).waitFor();
    expect(await panel.locator('script').count()).toBe(0);

    await page.goto('/dashboard/learner/notes');
    await page.getByRole('heading', { level: 1, name: 'Notes' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Study skills that stick' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('searchbox', { name: 'Search your notes' }).fill(word.slice(0, 12));
    await page.waitForURL((url) => url.searchParams.get('q') === word.slice(0, 12));
    const results = page.getByRole('list', { name: 'Search results' });
    await results.getByText(word).waitFor();
    await results.getByText('Study skills that stick › Why we forget').first().waitFor();

    const downloadStarted = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export matching notes' }).click();
    const download = await downloadStarted;
    expect(download.suggestedFilename()).toMatch(/^notes-\d{4}-\d{2}-\d{2}\.md$/);
    const markdown = await readFile((await download.path()) ?? '', 'utf8');
    expect(markdown).toContain('# My notes');
    expect(markdown).toContain('## Study skills that stick');
    expect(markdown).toContain(`A **${word}** helps me remember`);

    const notes = (await (await page.request.get(`/api/notes?q=${word}`)).json()) as { notes: { id: string }[] };
    for (const note of notes.notes) await page.request.delete(`/api/notes/${note.id}`);
  });
});

describe('study sessions', () => {
  it('starts a focus session whose timer keeps going after a reload', async () => {
    await page.goto('/dashboard/learner/study/focus');
    await page.getByRole('heading', { level: 1, name: 'Study session' }).waitFor();
    await page.getByRole('button', { name: 'Start focus session' }).click();
    const timer = page.getByRole('timer');
    await page.getByRole('heading', { name: 'Focus · round 1 of 4' }).waitFor();
    await expect.poll(() => timer.textContent(), { timeout: 5000 }).toMatch(/^24:5\d$/);
    const before = (await timer.textContent()) ?? '';
    expect(await seriousViolations(page)).toEqual([]);

    await page.reload();
    await page.getByRole('heading', { name: 'Focus · round 1 of 4' }).waitFor();
    const after = (await page.getByRole('timer').textContent()) ?? '';
    // The same session continues: less time is left than before the reload, not a fresh 25:00.
    expect(after).not.toBe('25:00');
    expect(after <= before).toBe(true);

    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Resume' }).waitFor();
    await page.getByRole('button', { name: 'Stop and save' }).click();
    await page.getByRole('button', { name: 'Start focus session' }).waitFor();
    await page.getByRole('heading', { name: 'Recent sessions' }).waitFor();
  });

  it('says so for a mode that does not exist, and runs the flashcard review', async () => {
    await page.goto('/dashboard/learner/study/nap');
    await page.getByRole('heading', { level: 1, name: 'No such study mode' }).waitFor();
    await page.getByRole('link', { name: /Review/ }).click();
    // The review mode runs the flashcard review; with nothing due it says so and leads to the decks.
    await page.getByRole('heading', { name: 'Nothing to review right now' }).waitFor();
    expect(await page.getByRole('link', { name: 'Go to flashcards' }).getAttribute('href')).toBe(
      '/dashboard/learner/flashcards',
    );
  });
});
