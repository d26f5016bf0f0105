import type { Frame, FrameLocator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Playing the published "Golf Explained" samples as a learner. Their SCOs run in the wrapper frame on the content
 * origin; the runtime and remediation samples show a launch page with Previous/Next/Exit buttons that loads each
 * content page into a frame of its own (`#contentFrame`), and their knowledge checks mark the correct answers'
 * rows with the class `correctAnswer` (the "answer key" a learner who knows the material follows).
 */

/** The pages the runtime sample's launch page steps through with Next, by their headings; the last is the test. */
export const RUNTIME_BASIC_PAGES = [
  'Play of the game',
  'Par',
  'Scoring',
  'Other Scoring Systems',
  'The Rules of Golf',
  'Etiquette - Care For the Course',
  'Etiquette - Avoiding Distraction',
  'Etiquette - Playing the Game',
  'Handicapping',
  'Calculating a Handicap',
  'Calculating a Score',
  'Handicaping Example',
  'How to Have Fun Golfing',
  'How to Make Friends on the Golf Course',
  'Knowledge Check',
] as const;

/** The live frame on the content origin whose address contains `path`, once it has loaded. */
export async function contentFrameAt(page: Page, path: string): Promise<Frame> {
  for (let tries = 0; tries < 300; tries += 1) {
    const frame = page.frames().find((candidate) => !candidate.isDetached() && candidate.url().includes(path));
    if (frame) {
      await frame.waitForLoadState('load');
      return frame;
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`no content frame at ${path} ever loaded`);
}

/** A Golf launch page (the SCO) and the page it shows in its content frame. */
export async function golfLaunchPage(page: Page): Promise<{ launch: Frame; content: FrameLocator }> {
  const launch = await contentFrameAt(page, '/shared/launchpage.html');
  return { launch, content: launch.frameLocator('#contentFrame') };
}

/** Waits until the launch page's content frame shows the page headed `heading`. */
export async function showsPage(content: FrameLocator, heading: string) {
  await content.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
}

/** Steps with the launch page's own Next button through `headings`, checking each page it shows. */
export async function stepThrough(launch: Frame, content: FrameLocator, headings: readonly string[]) {
  const [first, ...rest] = headings;
  if (first) await showsPage(content, first);
  for (const heading of rest) {
    await launch.getByRole('button', { name: 'Next ->' }).click();
    await showsPage(content, heading);
  }
}

/**
 * Answers every question of a Golf knowledge check in `quiz` and submits it with its own button: correctly, except
 * the questions `wrong` picks. Answers what the test shows as its score, and the score the answers should give.
 */
export async function answerKnowledgeCheck(
  quiz: Frame | FrameLocator,
  wrong: (index: number) => boolean = () => false,
): Promise<{ shown: number; expected: number }> {
  await quiz.getByRole('heading', { name: 'Knowledge Check' }).waitFor();
  const questions = quiz.locator('.question');
  const total = await questions.count();
  expect(total).toBeGreaterThan(0);
  let correct = 0;
  for (let index = 0; index < total; index += 1) {
    const question = questions.nth(index);
    const numeric = question.locator('input[type=text]');
    if (await numeric.count()) {
      const key = Number(/\((\d+)\)/.exec(await question.locator('.correctAnswer').innerText())?.[1]);
      await numeric.fill(String(wrong(index) ? key + 1 : key));
    } else {
      await question
        .locator(wrong(index) ? '.answer input' : '.correctAnswer input')
        .first()
        .check();
    }
    if (!wrong(index)) correct += 1;
  }
  await quiz.getByRole('button', { name: 'Submit Answers' }).click();
  const heading = quiz.getByRole('heading', { name: /^Score: \d+$/ });
  const shown = Number((await heading.innerText()).replace('Score: ', ''));
  return { shown, expected: Math.round((correct * 100) / total) };
}
