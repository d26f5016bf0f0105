import type { ScormAttemptStart } from '@portal/shared/scorm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser';
import { enrolDemoLearner, scoFrame, signInForScorm, uploadReadyPackage, zipOf } from './scorm-support';

/** A SCORM 1.2 lesson that reports only what the test makes it call. */
const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.attempts" version="1"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Attempts</title>
    <item identifier="lesson" identifierref="r1"><title>Lesson</title></item>
  </organization></organizations>
  <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="lesson.html"/></resources>
</manifest>`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

type Api = Record<string, (...args: string[]) => string>;

/** Opens the lesson and answers with the attempt the player started. */
async function launch(page: Page, launchPath: string): Promise<ScormAttemptStart> {
  const started = page.waitForResponse((response) => response.url().endsWith('/attempt'));
  await page.goto(launchPath);
  return (await (await started).json()) as ScormAttemptStart;
}

/** Uploads the lesson as the instructor and enrols the demo learner: the lesson's launch path. */
async function enrolledLesson(instructor: Page, title: string) {
  const packageId = await uploadReadyPackage(instructor, {
    zip: await zipOf({ 'imsmanifest.xml': MANIFEST, 'lesson.html': '<html><body><h1>Lesson</h1></body></html>' }),
    fileName: 'attempts.zip',
    title,
  });
  const enrollmentId = await enrolDemoLearner(instructor, packageId);
  const session = (await (await instructor.request.get(`/api/scorm/packages/${packageId}`)).json()) as {
    scos: Array<{ id: string }>;
  };
  return { packageId, launchPath: `/scorm/launch/${enrollmentId}/${session.scos[0]?.id}` };
}

/** Has the lesson in the page go to `location`, suspend and commit: the status its commit is answered with. */
async function commitIn(page: Page, location: string) {
  const frame = await scoFrame(page, 'Lesson');
  const committed = page.waitForResponse((response) => response.url().includes('/commit'));
  await frame.evaluate((at) => {
    const api = (window.parent as unknown as { API: Api }).API;
    api.LMSInitialize?.('');
    api.LMSSetValue?.('cmi.core.lesson_location', at);
    api.LMSSetValue?.('cmi.core.exit', 'suspend');
    api.LMSCommit?.('');
  }, location);
  return (await committed).status();
}

describe('SCORM attempts', () => {
  it('a lesson finished without a status is completed, the next launch starts afresh, and both sides see the attempts', async () => {
    const title = `Attempts e2e ${Date.now()}`;
    const staffContext = await newContext(browser);
    const instructor = await staffContext.newPage();
    await signInForScorm(instructor, 'instructor@example.com');
    const { packageId, launchPath } = await enrolledLesson(instructor, title);

    const context = await newContext(browser);
    const learner = await context.newPage();
    await signInForScorm(learner, 'learner@example.com');
    expect(await launch(learner, launchPath)).toMatchObject({ number: 1, entry: 'ab-initio' });
    const frame = await scoFrame(learner, 'Lesson');
    // The only commit the lesson makes is LMSFinish's.
    const finished = learner.waitForResponse((response) => response.url().includes('/commit'));
    await frame.evaluate(() => {
      const api = (window.parent as unknown as { API: Api }).API;
      api.LMSInitialize?.('');
      api.LMSSetValue?.('cmi.core.lesson_location', 'page-9');
      api.LMSSetValue?.('cmi.core.score.raw', '70');
      api.LMSFinish?.('');
    });
    expect((await finished).status()).toBe(200);

    const second = await launch(learner, launchPath);
    expect(second).toMatchObject({ number: 2, entry: 'ab-initio' });
    const values = await (await scoFrame(learner, 'Lesson')).evaluate(() => {
      const api = (window.parent as unknown as { API: Api }).API;
      api.LMSInitialize?.('');
      return { entry: api.LMSGetValue?.('cmi.core.entry'), location: api.LMSGetValue?.('cmi.core.lesson_location') };
    });
    expect(values).toEqual({ entry: 'ab-initio', location: '' });

    await learner.goto('/dashboard/learner/library');
    const attempts = learner.getByRole('list', { name: `Your attempts at ${title}` });
    await attempts.getByText('2 attempts').waitFor();
    await attempts.getByText('Best score 70%').waitFor();
    await attempts.getByText('Latest: completed, 70%').waitFor();
    await context.close();

    await instructor.goto(`/dashboard/scorm/packages/${packageId}`);
    await instructor.getByRole('tab', { name: 'Analytics' }).click();
    const row = instructor.getByRole('row', { name: /Lena Learner/ });
    await row.getByRole('cell', { name: 'completed, 70%' }).last().waitFor();
    expect(await row.getByRole('cell').allInnerTexts()).toEqual(['Completed', '2', 'completed, 70%', 'completed, 70%']);
    await staffContext.close();
  });

  it('the lesson opened again in a second tab takes over: the first tab says so and stores nothing more', async () => {
    const staffContext = await newContext(browser);
    const instructor = await staffContext.newPage();
    await signInForScorm(instructor, 'instructor@example.com');
    const { launchPath } = await enrolledLesson(instructor, `Two tabs e2e ${Date.now()}`);
    await staffContext.close();

    const context = await newContext(browser);
    const first = await context.newPage();
    await signInForScorm(first, 'learner@example.com');
    await launch(first, launchPath);
    expect(await commitIn(first, 'page-2')).toBe(200);

    const second = await context.newPage();
    expect(await launch(second, launchPath)).toMatchObject({ number: 1, entry: 'resume' });
    expect(await commitIn(second, 'page-5')).toBe(200);

    expect(await commitIn(first, 'page-3')).toBe(409);
    await first.getByText('This course was opened again in another tab or window').waitFor();
    await first.getByRole('button', { name: 'Reload' }).waitFor();
    expect(await first.getByText('All progress saved').count()).toBe(0);
    await first.close({ runBeforeUnload: false });

    const third = await context.newPage();
    await launch(third, launchPath);
    const location = await (await scoFrame(third, 'Lesson')).evaluate(() => {
      const api = (window.parent as unknown as { API: Api }).API;
      api.LMSInitialize?.('');
      return api.LMSGetValue?.('cmi.core.lesson_location');
    });
    expect(location).toBe('page-5');
    await context.close();
  });
});
