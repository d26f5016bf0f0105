import { readFile } from 'node:fs/promises';
import type { ScormAttemptStart, ScormEnrollment } from '@portal/shared/scorm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, seriousViolations } from './browser';
import { signInForScorm, uploadReadyPackage, zipOf } from './scorm-support';

/** A one-SCO SCORM 2004 quiz. */
const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.analytics" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Capitals</title>
    <item identifier="quiz" identifierref="r1"><title>Capitals quiz</title></item>
  </organization></organizations>
  <resources><resource identifier="r1" type="webcontent" adlcp:scormType="sco" href="quiz.html"/></resources>
</manifest>`;

const QUESTION = 'Which city is the capital of France?';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** One finished attempt, committed through the APIs the player uses, as the signed-in learner of `page`. */
async function playAttempt(page: Page, enrollmentId: string, scoId: string, answer: string, scaled: string) {
  const started = await page.request.post(`/api/scorm/launch/${enrollmentId}/scos/${scoId}/attempt`);
  const attempt = (await started.json()) as ScormAttemptStart;
  const correct = answer === 'paris';
  const committed = await page.request.post(`/api/scorm/attempts/${attempt.attempt_id}/commit`, {
    data: {
      sco_id: scoId,
      sequence: (attempt.commit_sequence ?? 0) + 1,
      terminate: true,
      cmi: {
        completion_status: 'completed',
        success_status: correct ? 'passed' : 'failed',
        score: { scaled },
        exit: 'normal',
        session_time: 'PT1M',
        interactions: {
          0: {
            id: 'q-capital',
            type: 'choice',
            description: QUESTION,
            correct_responses: { 0: { pattern: 'paris' } },
            learner_response: answer,
            result: correct ? 'correct' : 'incorrect',
            latency: 'PT8S',
          },
        },
        objectives: {
          0: {
            id: 'obj-geography',
            completion_status: 'completed',
            success_status: correct ? 'passed' : 'failed',
            score: { scaled },
          },
        },
      },
    },
  });
  expect(committed.status()).toBe(200);
}

describe('SCORM analytics', () => {
  it('the learner reads their attempts with a score history, and the studio shows answers, objectives and CSV files', async () => {
    const title = `Analytics e2e ${Date.now()}`;
    const staffContext = await newContext(browser);
    const instructor = await staffContext.newPage();
    await signInForScorm(instructor, 'instructor@example.com');
    const packageId = await uploadReadyPackage(instructor, {
      zip: await zipOf({ 'imsmanifest.xml': MANIFEST, 'quiz.html': '<html><body><h1>Quiz</h1></body></html>' }),
      fileName: 'analytics.zip',
      title,
    });
    const found = (await (await instructor.request.get('/api/scorm/learners?search=learner@example.com')).json()) as {
      learners: Array<{ id: string; email: string }>;
    };
    const learnerId = found.learners.find((person) => person.email === 'learner@example.com')?.id;
    const enrolled = await instructor.request.post(`/api/scorm/packages/${packageId}/enrollments`, {
      data: { learner_ids: [learnerId] },
    });
    const enrollmentId = ((await enrolled.json()) as { enrollments: ScormEnrollment[] }).enrollments[0]?.id ?? '';
    const detail = (await (await instructor.request.get(`/api/scorm/packages/${packageId}`)).json()) as {
      scos: Array<{ id: string }>;
    };
    const scoId = detail.scos[0]?.id ?? '';

    const context = await newContext(browser);
    const learner = await context.newPage();
    await signInForScorm(learner, 'learner@example.com');
    await playAttempt(learner, enrollmentId, scoId, 'lyon', '0.4');
    await playAttempt(learner, enrollmentId, scoId, 'paris', '0.9');

    await learner.goto('/dashboard/learner/library');
    await learner.getByRole('button', { name: `Your attempts at ${title}: show history` }).click();
    const dialog = learner.getByRole('dialog', { name: `Your attempts at ${title}` });
    await dialog.getByRole('figure', { name: 'Score per attempt' }).waitFor();
    await dialog.locator('.recharts-line').waitFor();
    const table = dialog.getByRole('table', { name: 'Your attempts, oldest first' });
    const first = table.getByRole('row', { name: /Attempt 1/ });
    await first.waitFor();
    expect(await first.getByRole('cell').allInnerTexts()).toEqual([
      expect.any(String),
      expect.any(String),
      'completed',
      'failed',
      '40%',
      '0 h 1 min',
    ]);
    expect(
      await table
        .getByRole('row', { name: /Attempt 2/ })
        .getByRole('cell')
        .nth(4)
        .innerText(),
    ).toBe('90%');
    expect(await seriousViolations(learner)).toEqual([]);
    await learner.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();

    await instructor.goto(`/dashboard/scorm/packages/${packageId}`);
    await instructor.getByRole('tab', { name: 'Analytics' }).click();
    const question = instructor.getByRole('article', { name: QUESTION });
    await question.waitFor();
    const answers = question.getByRole('table', { name: `Answers given to ${QUESTION}` });
    expect(await answers.getByRole('row', { name: /paris/ }).getByRole('cell').allInnerTexts()).toEqual([
      'Correct',
      '1',
      '50%',
    ]);
    await question.getByText('Correct answer: paris').waitFor();
    const objective = instructor.getByRole('row', { name: /obj-geography/ });
    expect(await objective.getByRole('cell').allInnerTexts()).toEqual(['1', '2', '2', '1', '1', '65%']);
    const row = instructor.getByRole('row', { name: /Lena Learner/ });
    await row.getByRole('cell', { name: 'passed, 90%' }).first().waitFor();
    expect(await seriousViolations(instructor)).toEqual([]);

    const downloading = instructor.waitForEvent('download');
    await instructor.getByRole('link', { name: 'Download CSV of the interactions' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^Analytics-e2e-\d+-interactions\.csv$/);
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    expect(csv.startsWith('\uFEFFSCO,Interaction ID,Question,')).toBe(true);
    expect(csv).toContain(`Capitals quiz,q-capital,${QUESTION},choice,paris,2,1,1,1,50,8,8,`);
    await staffContext.close();
    // Two signed-in browsers, a package upload and two axe runs: more than the default minute on a busy machine.
  }, 180_000);
});
