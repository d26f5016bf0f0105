import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, dismissWelcome, launchBrowser, newContext, signInThroughForm } from './browser';
import { uploadReadyPackage } from './scorm-support';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SAMPLE_PDF = path.join(repoRoot, 'apps/server/src/modules/demo/content/privacy-rights-checklist.pdf');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function signIn(context: BrowserContext, email: string) {
  const page = await context.newPage();
  await signInThroughForm(page, email);
  await page.waitForURL((url) => url.pathname === '/dashboard/learner');
  await dismissWelcome(page);
  const reject = page.getByRole('button', { name: 'Reject Non-Essential' });
  if (await reject.isVisible().catch(() => false)) await reject.click();
  return page;
}

/** Opens the lesson dialog of a module, fills what `fill` needs and saves. */
async function addLesson(
  page: Page,
  moduleTitle: string,
  kind: string,
  title: string,
  fill: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  await page.getByRole('button', { name: `Add lesson to ${moduleTitle}` }).click();
  const dialog = page.getByRole('dialog', { name: 'New lesson' });
  if (kind !== 'Text') {
    await dialog.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: kind, exact: true }).click();
  }
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await page.getByText(`Lesson "${title}" was added.`).first().waitFor();
  await dialog.waitFor({ state: 'detached' });
  // Closing the dialog gives focus back to the button that opened it.
  await page.waitForFunction(
    (name) => document.activeElement?.textContent?.trim() === name,
    `Add lesson to ${moduleTitle}`,
  );
}

const lessonTitles = (page: Page, moduleTitle: string) =>
  page
    .getByRole('list', { name: `Lessons of ${moduleTitle} in order` })
    .getByRole('heading', { level: 3 })
    .allInnerTexts();

describe('courses', () => {
  const title = `Orbit basics ${Date.now().toString(36)}`;
  const moduleTitle = 'First steps';

  it('an admin creates a course with a module, a text lesson, a PDF and a quiz, orders them with the keyboard and publishes it', async () => {
    const context = await newContext(browser);
    const page = await signIn(context, 'admin@example.com');

    await page.goto('/dashboard/admin/courses');
    await page.getByRole('button', { name: 'New course' }).first().click();
    const courseDialog = page.getByRole('dialog', { name: 'New course' });
    await courseDialog.getByLabel('Title', { exact: true }).fill(title);
    // The address is suggested from the title.
    expect(await courseDialog.getByLabel('Address (slug)').inputValue()).toBe(title.toLowerCase().replaceAll(' ', '-'));
    await courseDialog.getByLabel('Description', { exact: true }).fill('How planets move, in three short steps.');
    await courseDialog.getByRole('button', { name: 'Create course' }).click();
    await page.getByText(`"${title}" was created as a draft.`).first().waitFor();

    await page.getByRole('link', { name: `Modules of ${title}` }).click();
    await page.getByRole('heading', { name: 'Modules', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New module' }).first().click();
    const moduleDialog = page.getByRole('dialog', { name: 'New module' });
    await moduleDialog.getByLabel('Title', { exact: true }).fill(moduleTitle);
    await moduleDialog.getByRole('button', { name: 'Add module' }).click();
    await page.getByText(`Module "${moduleTitle}" was added.`).first().waitFor();

    await page.getByRole('link', { name: 'Edit lessons' }).click();
    await page.getByRole('heading', { name: `Lessons of ${title}`, level: 1 }).waitFor();

    await addLesson(page, moduleTitle, 'Text', 'Welcome', async (dialog) => {
      await dialog.getByLabel('Text (Markdown)').fill('# Orbits\n\nA planet **falls around** its star.');
      await dialog.getByRole('tab', { name: 'Preview' }).click();
      // The preview is the server's sanitised rendering, headings shifted into the page outline.
      await dialog.getByRole('heading', { name: 'Orbits' }).waitFor();
      await dialog.getByRole('tab', { name: 'Write' }).click();
    });
    await addLesson(page, moduleTitle, 'Quiz', 'Quick check', async (dialog) => {
      await dialog.getByLabel('Pass mark (%)').fill('50');
      await dialog.getByLabel('Question', { exact: true }).fill('What keeps a planet in orbit?');
      await dialog.getByLabel('Answer 1', { exact: true }).fill('Gravity');
      await dialog.getByLabel('Answer 2', { exact: true }).fill('Wind');
      await dialog.getByRole('radio', { name: 'Answer 1 is correct' }).check();
      await dialog.getByLabel('Feedback when right').fill('Yes: gravity bends its path.');
    });
    await addLesson(page, moduleTitle, 'PDF', 'Star chart', async (dialog) => {
      await dialog.locator('input[type=file]').setInputFiles(SAMPLE_PDF);
      await dialog.getByText('Selected: privacy-rights-checklist.pdf').waitFor();
    });
    expect(await lessonTitles(page, moduleTitle)).toEqual(['Welcome', 'Quick check', 'Star chart']);

    // Keyboard reordering: pick up the PDF, move it up one place, drop it.
    const saved = page.waitForResponse((response) => response.url().endsWith('/lesson-order') && response.ok());
    await page.getByRole('button', { name: 'Move Star chart' }).focus();
    await page.keyboard.press('Space');
    // Each step is announced to screen readers; waiting for it also lets the list measure itself.
    await page.getByText('Star chart moved to position 3 of 3.').waitFor({ state: 'attached' });
    // The keyboard sensor starts listening for arrow keys on a zero-delay timer set at pick-up; a busy
    // page can announce the pick-up first. A timer queued now runs after that one.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await page.keyboard.press('ArrowUp');
    await page.getByText('Star chart moved to position 2 of 3.').waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await saved;
    await page.reload();
    await page.getByRole('heading', { name: `Lessons of ${title}`, level: 1 }).waitFor();
    expect(await lessonTitles(page, moduleTitle)).toEqual(['Welcome', 'Star chart', 'Quick check']);

    await page.getByRole('link', { name: 'Back to courses' }).click();
    await page.getByRole('button', { name: `Publish ${title}` }).click();
    await page.getByText(`"${title}" is published.`).first().waitFor();
    await context.close();
  });

  it('a learner finds it, completes it lesson by lesson, resumes after a reload and sees progress and learning state change', async () => {
    const context = await newContext(browser);
    const page = await signIn(context, 'learner@example.com');
    const workerRequests: string[] = [];
    page.on('request', (request) => {
      if (/pdf\.worker/.test(request.url())) workerRequests.push(request.url());
    });

    await page.goto('/dashboard/learner/courses');
    await page.getByLabel('Search', { exact: true }).fill(title.slice(0, 11));
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByRole('link', { name: `Start course: ${title}` }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard/learner/course/'));
    const coursePath = new URL(page.url()).pathname;
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByText('0% · 0 of 3 lessons done').first().waitFor();

    // Text: completed after five seconds on screen (the server checks its own clock).
    const lesson = page.getByRole('article');
    await lesson.getByRole('heading', { name: 'Welcome', level: 2 }).waitFor();
    await lesson.getByRole('heading', { name: 'Orbits', level: 3 }).waitFor();
    await lesson.getByText('Completed', { exact: true }).waitFor({ timeout: 15_000 });
    await page.getByText('33% · 1 of 3 lessons done').first().waitFor();

    // PDF: rendered by pdf.js with its worker from our own origin; the page is kept across a reload.
    await lesson.getByRole('link', { name: /Next\s*Star chart/ }).click();
    await lesson.getByRole('heading', { name: 'Star chart', level: 2 }).waitFor();
    const pageNumber = page.getByLabel('Page number');
    await page.getByText('of 4', { exact: true }).waitFor();
    const reported = page.waitForResponse((response) => response.url().endsWith('/progress') && response.ok());
    await page.getByRole('button', { name: 'Next page' }).click();
    await reported;
    expect(await pageNumber.inputValue()).toBe('2');
    await page.goto(coursePath);
    await page.getByRole('article').getByRole('heading', { name: 'Star chart', level: 2 }).waitFor();
    await page.getByText('of 4', { exact: true }).waitFor();
    expect(await pageNumber.inputValue()).toBe('2');
    const origin = new URL(baseUrl()).origin;
    expect(workerRequests.length).toBeGreaterThan(0);
    for (const url of workerRequests) expect(new URL(url).origin).toBe(origin);

    await page.getByRole('region', { name: 'PDF document: Star chart' }).focus();
    await page.keyboard.press('End');
    await page.getByText('You reached the last page.').waitFor();
    await page
      .getByText(/· 2 of 3 lessons done/)
      .first()
      .waitFor();

    // Quiz: graded on the server with feedback; passing completes the course.
    await page
      .getByRole('article')
      .getByRole('link', { name: /Next\s*Quick check/ })
      .click();
    await page.getByRole('radio', { name: 'Gravity' }).check();
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await page.getByText('Passed with 100%').waitFor();
    await page.getByText('Yes: gravity bends its path.').waitFor();
    await page.locator('[data-celebration]').getByText('Course completed. Well done!').waitFor();
    await page.getByText('100% · 3 of 3 lessons done').first().waitFor();

    await page.getByRole('link', { name: 'Learning state' }).first().click();
    await page.getByRole('heading', { name: `Learning state: ${title}`, level: 1 }).waitFor();
    await page.getByText('3 of 3 done').first().waitFor();
    const quizScore = page
      .getByRole('listitem')
      .filter({ hasText: 'Quick check' })
      .filter({ hasText: 'Best score' })
      // The innermost item: the quiz's own row inside the module's card.
      .last();
    expect(await quizScore.innerText()).toContain('100%');

    await page.goto('/dashboard/learner/library?tab=completed');
    await page.getByRole('tabpanel').getByRole('heading', { name: title }).waitFor();
    await context.close();
  });
});

describe('SCORM lessons', () => {
  const suffix = Date.now().toString(36);
  const packageTitle = `Golf swing ${suffix}`;
  const courseTitle = `Swing school ${suffix}`;
  let courseId = '';

  it('an admin picks a ready package for a lesson by typing in the picker, saves it and sees it chosen when editing', async () => {
    const context = await newContext(browser);
    const page = await signIn(context, 'admin@example.com');
    // A ready package, uploaded and processed the way the SCORM upload page does it (see scorm.e2e.ts).
    const packageId = await uploadReadyPackage(page, { zip: 'golf12-singlesco.zip', title: packageTitle });
    const created = await page.request.post('/api/admin/courses', { data: { title: courseTitle } });
    const course = (await created.json()) as { id: string; slug: string };
    courseId = course.id;
    expect(
      (await page.request.post(`/api/admin/courses/${course.id}/modules`, { data: { title: 'Swing' } })).ok(),
    ).toBe(true);

    await page.goto(`/dashboard/admin/courses/${course.slug}/lessons`);
    await page.getByRole('heading', { name: `Lessons of ${courseTitle}`, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add lesson to Swing' }).click();
    const dialog = page.getByRole('dialog', { name: 'New lesson' });
    await dialog.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'SCORM package', exact: true }).click();
    await dialog.getByLabel('Title', { exact: true }).fill('Swing practice');

    // Saving without a package says what is missing and takes the author to the picker.
    await dialog.getByRole('button', { name: 'Add lesson' }).click();
    await dialog.getByText('Choose a ready SCORM package.').waitFor();
    const picker = dialog.getByRole('combobox', { name: 'SCORM package' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');

    // Typing part of the title narrows the list to this package, shown with its version and status.
    await page.keyboard.type(`SWING ${suffix}`);
    const option = dialog.getByRole('option', { name: `${packageTitle} SCORM 1.2 · Ready` });
    await option.waitFor();
    expect(await dialog.getByRole('option').count()).toBe(1);
    expect(await picker.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
    const violations = await new AxeBuilder({ page })
      .include('[role=dialog]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(violations.violations.map((violation) => violation.id)).toEqual([]);
    await page.keyboard.press('Enter');
    expect(await picker.inputValue()).toBe(packageTitle);
    await option.waitFor({ state: 'hidden' });
    // What was missing stops being reported as soon as it is chosen, before saving again.
    await dialog.getByText('Choose a ready SCORM package.').waitFor({ state: 'hidden' });
    expect(await dialog.getByText('Some fields need your attention.').count()).toBe(0);
    const preview = dialog.getByRole('link', { name: `Preview "${packageTitle}" (opens in a new tab)` });
    expect(await preview.getAttribute('href')).toBe(`/scorm/preview/${packageId}`);

    await dialog.getByRole('button', { name: 'Add lesson' }).click();
    await page.getByText('Lesson "Swing practice" was added.').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Editing the lesson shows the package by its title, not its id.
    await page.getByRole('button', { name: 'Edit Swing practice' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit lesson' });
    await edit.getByRole('link', { name: `Preview "${packageTitle}" (opens in a new tab)` }).waitFor();
    expect(await edit.getByRole('combobox', { name: 'SCORM package' }).inputValue()).toBe(packageTitle);
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'Back to courses' }).click();
    await page.getByRole('button', { name: `Publish ${courseTitle}` }).click();
    await page.getByText(`"${courseTitle}" is published.`).first().waitFor();
    await context.close();
  });

  it('the learner opens the course and finds the SCORM lesson with its Open button', async () => {
    const context = await newContext(browser);
    const page = await signIn(context, 'learner@example.com');
    await page.goto(`/dashboard/learner/course/${courseId}`);
    const lesson = page.getByRole('article');
    await lesson.getByRole('heading', { name: 'Swing practice', level: 2 }).waitFor();
    const open = lesson.getByRole('link', { name: 'Open the interactive module' });
    expect(await open.getAttribute('href')).toMatch(/^\/scorm\/launch\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    await open.click();
    await page.waitForURL((url) => url.pathname.startsWith('/scorm/launch/'));
    await context.close();
  });
});
