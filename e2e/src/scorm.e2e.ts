import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { MyScormEnrollment, ScormAttemptStart } from '@portal/shared/scorm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newContext, settled } from './browser';
import { SCORM_SAMPLES, scoFrame, signInForScorm } from './scorm-support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Serious or critical WCAG 2.2 AA findings on our own page (the package's content in its frame is the author's). */
async function seriousViolations(page: Page) {
  // Colours are measured at rest, not while a toast slides in.
  await settled(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    // Toasts stacked behind the newest one fade their content out until the stack is expanded.
    .exclude('[data-sonner-toast][data-front="false"]')
    .exclude('iframe')
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

describe('SCORM from upload to a resumed launch', () => {
  const title = `Golf e2e ${Date.now()}`;

  it('an instructor uploads a sample through the page, sees it ready and enrols the demo learner', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInForScorm(page, 'instructor@example.com');
    await page.goto('/dashboard/scorm/upload');
    await page.getByText('Drop your SCORM package here, or click to select').waitFor();
    await page.locator('input[type=file]').setInputFiles(path.join(SCORM_SAMPLES, 'golf12-singlesco.zip'));
    await page.getByText('golf12-singlesco.zip').waitFor();
    await page.getByLabel('Title').fill(title);
    await page.getByRole('button', { name: 'Upload Package' }).click();
    await page.getByText('Upload Successful').first().waitFor({ timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Return to Studio' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/scorm/studio');
    const row = page.getByRole('link').filter({ hasText: title });
    await row.getByText('Ready').waitFor();

    await row.click();
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByText('Content structure').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Enrolments' }).click();
    await page.getByLabel('Find people').fill('learner@example.com');
    await page.getByRole('checkbox', { name: /Lena Learner/ }).check();
    await page.getByRole('button', { name: /Enrol selected/ }).click();
    await page.getByRole('button', { name: 'Remove Lena Learner' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await page.getByText('Average score').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('the learner launches it, saves progress, closes the tab, and resumes where they were', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInForScorm(page, 'learner@example.com');
    const enrollments = (
      (await (await page.request.get('/api/scorm/my-enrollments')).json()) as { enrollments: MyScormEnrollment[] }
    ).enrollments;
    const enrollment = enrollments.find((candidate) => candidate.package.title === title);
    expect(enrollment?.launch_sco_id).toBeTruthy();
    const launchPath = `/scorm/launch/${enrollment?.id}/${enrollment?.launch_sco_id}`;

    const firstAttempt = page.waitForResponse((response) => response.url().endsWith('/attempt'));
    await page.goto(launchPath);
    expect(((await (await firstAttempt).json()) as ScormAttemptStart).entry).toBe('ab-initio');
    const frame = await scoFrame(page);
    expect(new URL(frame.url()).origin).not.toBe(new URL(baseUrl()).origin);
    await frame.getByText('Not implemented yet').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const committed = page.waitForResponse((response) => response.url().includes('/commit'));
    await frame.evaluate(() => {
      const api = (window.parent as unknown as { API: Record<string, (...args: string[]) => string> }).API;
      api.LMSInitialize?.('');
      api.LMSSetValue?.('cmi.core.lesson_location', 'hole-7');
      api.LMSSetValue?.('cmi.suspend_data', 'score=3;hole=7');
      api.LMSSetValue?.('cmi.core.lesson_status', 'incomplete');
      api.LMSSetValue?.('cmi.core.exit', 'suspend');
      api.LMSCommit?.('');
    });
    const commit = await committed;
    expect(commit.status()).toBe(200);
    expect(await commit.json()).toEqual({ result: true, errorCode: 0 });

    // A change the content never commits still leaves with the page when the tab closes.
    await frame.evaluate(() => {
      const api = (window.parent as unknown as { API: Record<string, (...args: string[]) => string> }).API;
      api.LMSSetValue?.('cmi.core.lesson_location', 'hole-8');
    });
    await page.waitForTimeout(500);
    await page.close({ runBeforeUnload: true });
    // The keepalive request outlives the page; give the server a moment to store it.
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const again = await context.newPage();
    const resumedAttempt = again.waitForResponse((response) => response.url().endsWith('/attempt'));
    await again.goto(launchPath);
    const resumed = (await (await resumedAttempt).json()) as ScormAttemptStart;
    expect(resumed).toMatchObject({
      entry: 'resume',
      cmi: { suspend_data: 'score=3;hole=7', core: { lesson_location: 'hole-8', entry: 'resume' } },
    });
    const reopened = await scoFrame(again);
    const values = await reopened.evaluate(async () => {
      const api = (window.parent as unknown as { API: Record<string, (...args: string[]) => string> }).API;
      api.LMSInitialize?.('');
      const read = (element: string) => api.LMSGetValue?.(element);
      return {
        entry: read('cmi.core.entry'),
        location: read('cmi.core.lesson_location'),
        data: read('cmi.suspend_data'),
      };
    });
    expect(values).toEqual({ entry: 'resume', location: 'hole-8', data: 'score=3;hole=7' });
    await context.close();
  });

  it('keeps the package private: another learner without an enrolment cannot preview it', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInForScorm(page, 'admin@example.com');
    const packages = (await (await page.request.get('/api/scorm/packages')).json()) as {
      packages: Array<{ id: string; title: string }>;
    };
    const pkg = packages.packages.find((candidate) => candidate.title === title);
    expect(pkg).toBeTruthy();
    await context.close();

    const learnerContext = await newContext(browser);
    const learnerPage = await learnerContext.newPage();
    await signInForScorm(learnerPage, 'learner@example.com');
    expect((await learnerPage.request.get(`/api/scorm/preview/${pkg?.id}`)).status()).toBe(404);
    await learnerPage.goto(`/scorm/preview/${pkg?.id}`);
    await learnerPage.waitForURL((url) => url.pathname === '/403');
    await learnerContext.close();
  });
});
