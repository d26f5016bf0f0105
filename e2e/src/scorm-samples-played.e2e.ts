import type {
  MyScormEnrollment,
  ScormAnalytics,
  ScormPlayerSession,
  ScormSco,
  ScormScoProgress,
} from '@portal/shared/scorm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser';
import { answerKnowledgeCheck, contentFrameAt, golfLaunchPage, RUNTIME_BASIC_PAGES, stepThrough } from './scorm-golf';
import { enrolDemoLearner, signInForScorm, uploadReadyPackage } from './scorm-support';

let browser: Browser;
let staff: BrowserContext;
let instructor: Page;
let learning: BrowserContext;
let learner: Page;
/** Dialogs the content opened: the Golf samples raise `alert()` when an API call fails. */
const dialogs: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await newContext(browser);
  instructor = await staff.newPage();
  await signInForScorm(instructor, 'instructor@example.com');
  learning = await newContext(browser);
  learner = await learning.newPage();
  learner.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signInForScorm(learner, 'learner@example.com');
});
afterAll(async () => {
  await browser.close();
});

/** Uploads a sample as the demo instructor and enrols the demo learner; answers the course and its SCOs. */
async function enrolInSample(zip: string) {
  dialogs.length = 0;
  const packageId = await uploadReadyPackage(instructor, { zip, title: `Played ${zip} ${Date.now()}` });
  const enrollmentId = await enrolDemoLearner(instructor, packageId);
  const session = (await (await learner.request.get(`/api/scorm/launch/${enrollmentId}`)).json()) as ScormPlayerSession;
  return { packageId, enrollmentId, scos: session.scos };
}

/** What the server stored, read through the learner's player and library and the studio's analytics. */
async function storedResult(packageId: string, enrollmentId: string) {
  const session = (await (await learner.request.get(`/api/scorm/launch/${enrollmentId}`)).json()) as ScormPlayerSession;
  const library = (await (await learner.request.get('/api/scorm/my-enrollments')).json()) as {
    enrollments: MyScormEnrollment[];
  };
  const analytics = (await (
    await instructor.request.get(`/api/scorm/packages/${packageId}/analytics`)
  ).json()) as ScormAnalytics;
  return {
    progress: session.progress,
    library: library.enrollments.find((enrollment) => enrollment.id === enrollmentId),
    analytics,
    studio: analytics.learners.find((row) => row.enrollment_id === enrollmentId),
  };
}
type Stored = Awaited<ReturnType<typeof storedResult>>;

/** The stored result once `settled` holds (the last commit of a SCO may leave as its page closes). */
async function settledResult(packageId: string, enrollmentId: string, settled: (stored: Stored) => boolean) {
  let stored = await storedResult(packageId, enrollmentId);
  for (let tries = 0; tries < 40 && !settled(stored); tries += 1) {
    await learner.waitForTimeout(250);
    stored = await storedResult(packageId, enrollmentId);
  }
  return stored;
}

const progressOf = (stored: Stored, sco: Pick<ScormSco, 'id'> | undefined): ScormScoProgress | undefined =>
  stored.progress.find((entry) => entry.sco_id === sco?.id);

/** Plays the runtime sample to its test, answers it (wrongly where `wrong` says), and leaves with its Exit. */
async function playRuntimeBasic(wrong?: (index: number) => boolean) {
  const course = await enrolInSample('golf2004-3rd-runtime-basic.zip');
  await learner.goto(`/scorm/launch/${course.enrollmentId}/${course.scos[0]?.id}`);
  const { launch, content } = await golfLaunchPage(learner);
  await stepThrough(launch, content, RUNTIME_BASIC_PAGES);
  expect(await launch.getByRole('button', { name: 'Next ->' }).isDisabled()).toBe(true);
  const score = await answerKnowledgeCheck(content, wrong);
  expect(score.shown).toBe(score.expected);
  await launch.getByRole('button', { name: 'Exit' }).click();
  await learner.getByText(/You have reached the end of this course\.|This activity has ended\./).waitFor();
  return { ...course, score: score.expected };
}

describe('the published SCORM samples played to the end store their results', () => {
  it('golf2004-3rd-runtime-basic: every page and a test answered correctly store completed, passed, 100', async () => {
    const { packageId, enrollmentId, scos, score } = await playRuntimeBasic();
    expect(score).toBe(100);
    const stored = await settledResult(packageId, enrollmentId, (result) => result.library?.status === 'passed');
    expect(progressOf(stored, scos[0])).toMatchObject({
      completion_status: 'completed',
      success_status: 'passed',
      score_scaled: 1,
    });
    expect(stored.library).toMatchObject({
      status: 'passed',
      completed_scos: 1,
      total_scos: 1,
      attempts: { count: 1, best_score: 100, best: { completion_status: 'completed', success_status: 'passed' } },
    });
    expect(stored.studio).toMatchObject({
      status: 'passed',
      attempts: { best_score: 100, latest: { completion_status: 'completed', success_status: 'passed', score: 100 } },
    });
    expect(stored.analytics).toMatchObject({ enrolled: 1, completed: 1, passed: 1, average_score: 100 });
    expect(dialogs).toEqual([]);
  }, 120_000);

  it('golf2004-3rd-runtime-basic: a test answered half wrongly stores failed with the score the answers give', async () => {
    const { packageId, enrollmentId, scos, score } = await playRuntimeBasic((index) => index % 2 === 1);
    // 8 of the 15 questions right.
    expect(score).toBe(53);
    const stored = await settledResult(packageId, enrollmentId, (result) => result.studio?.attempts.latest !== null);
    expect(progressOf(stored, scos[0])).toMatchObject({
      completion_status: 'completed',
      success_status: 'failed',
      score_scaled: 0.53,
    });
    expect(stored.library?.attempts.latest).toMatchObject({
      completion_status: 'completed',
      success_status: 'failed',
      score: 53,
    });
    expect(stored.studio?.attempts.latest).toMatchObject({ success_status: 'failed', score: 53 });
    expect(stored.library?.status).not.toBe('passed');
    expect(stored.analytics).toMatchObject({ passed: 0, average_score: 53 });
    expect(dialogs).toEqual([]);
  }, 120_000);

  it('golf2004-3rd-simple-remediation: every lesson and passed test, with Continue between them, completes and passes', async () => {
    const { packageId, enrollmentId, scos } = await enrolInSample('golf2004-3rd-simple-remediation.zip');
    await learner.goto(`/scorm/launch/${enrollmentId}/${scos[0]?.id}`);
    const lessons: Array<{ title: string; pages: string[] }> = [
      {
        title: 'Playing the Game',
        pages: ['Play of the game', 'Par', 'Scoring', 'Other Scoring Systems', 'The Rules of Golf'],
      },
      {
        title: 'Etiquette',
        pages: ['Etiquette - Care For the Course', 'Etiquette - Care For the Course', 'Etiquette - Playing the Game'],
      },
      {
        title: 'Handicapping',
        pages: ['Handicapping', 'Calculating a Handicap', 'Calculating a Score', 'Calculating a Score'],
      },
      { title: 'Having Fun', pages: ['How to Have Fun Golfing', 'How to Make Friends on the Golf Course'] },
    ];
    const next = async (title: string) => {
      await learner.getByRole('button', { name: 'Continue' }).click();
      await learner
        .getByRole('navigation', { name: 'Contents' })
        .getByRole('button', { name: title })
        .and(learner.locator('[aria-current="step"]'))
        .waitFor();
    };
    for (const [index, lesson] of lessons.entries()) {
      if (index > 0) await next(lesson.title);
      const { launch, content } = await golfLaunchPage(learner);
      await stepThrough(launch, content, lesson.pages);
    }
    for (const quiz of ['Playing Quiz', 'Etiquette Quiz', 'Handicapping Quiz', 'Having Fun Quiz']) {
      await next(quiz);
      const { content } = await golfLaunchPage(learner);
      expect(await answerKnowledgeCheck(content)).toEqual({ shown: 100, expected: 100 });
    }
    await learner.getByRole('button', { name: 'Continue' }).click();
    await learner.getByText('You have reached the end of this course.').waitFor();

    const stored = await settledResult(packageId, enrollmentId, (result) => result.library?.status === 'passed');
    for (const sco of scos) {
      expect(progressOf(stored, sco), sco.title).toMatchObject({
        completion_status: 'completed',
        success_status: 'passed',
        // Played once: the end of the course starts no new attempt of the last test.
        attempts: 1,
      });
    }
    for (const quiz of scos.filter((sco) => sco.title.endsWith('Quiz'))) {
      expect(progressOf(stored, quiz)?.score_scaled, quiz.title).toBe(1);
    }
    expect(stored.library).toMatchObject({ status: 'passed', completed_scos: 8, total_scos: 8 });
    expect(stored.studio).toMatchObject({ status: 'passed', attempts: { best_score: 100 } });
    expect(stored.analytics).toMatchObject({ completed: 1, passed: 1, average_score: 100 });
    expect(dialogs).toEqual([]);
  }, 180_000);

  it('golf12-minimum-calls: all 18 SCOs played with Continue, quizzes answered, complete the course', async () => {
    const { packageId, enrollmentId, scos } = await enrolInSample('golf12-minimum-calls.zip');
    expect(scos).toHaveLength(18);
    await learner.goto(`/scorm/launch/${enrollmentId}/${scos[0]?.id}`);
    for (const [index, sco] of scos.entries()) {
      if (index > 0) {
        await learner.getByRole('button', { name: 'Continue' }).click();
        await learner.waitForURL((url) => url.pathname.endsWith(`/${sco.id}`));
      }
      const frame = await contentFrameAt(learner, sco.launch_url.replace(/^\.?\/?/, ''));
      if (sco.launch_url.includes('assessmenttemplate.html')) {
        expect(await answerKnowledgeCheck(frame)).toEqual({ shown: 100, expected: 100 });
      } else {
        await frame.getByRole('heading', { level: 1 }).waitFor();
      }
    }
    expect(await learner.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    // The learner leaves the last SCO with the player's Back link; it ends its session as it unloads.
    await learner.getByRole('link', { name: 'Back' }).click();
    await learner.waitForURL((url) => url.pathname === '/dashboard/learner/library');

    // The SCOs report no status, score or test result (their quizzes only show the score): SCORM 1.2 completes each
    // on LMSFinish, and the course with them.
    const stored = await settledResult(packageId, enrollmentId, (result) => result.library?.status === 'completed');
    for (const sco of scos) {
      expect(progressOf(stored, sco), sco.title).toMatchObject({
        completion_status: 'completed',
        success_status: 'unknown',
        score_scaled: null,
      });
    }
    expect(stored.library).toMatchObject({ status: 'completed', completed_scos: 18, total_scos: 18 });
    expect(stored.studio).toMatchObject({ status: 'completed', attempts: { best_score: null } });
    expect(stored.analytics).toMatchObject({ completed: 1, passed: 0, average_score: null });
    expect(dialogs).toEqual([]);
  }, 180_000);

  it('golf12-singlesco: its page never talks to the LMS, so opening it records a launch and no result', async () => {
    const { packageId, enrollmentId, scos } = await enrolInSample('golf12-singlesco.zip');
    await learner.goto(`/scorm/launch/${enrollmentId}/${scos[0]?.id}`);
    const frame = await contentFrameAt(learner, '/shared/launchpage.html');
    await frame.getByRole('heading', { name: 'Not implemented yet' }).waitFor();
    await learner.getByRole('link', { name: 'Back' }).click();
    await learner.waitForURL((url) => url.pathname === '/dashboard/learner/library');
    const stored = await storedResult(packageId, enrollmentId);
    expect(progressOf(stored, scos[0])).toMatchObject({ success_status: 'unknown', score_scaled: null });
    expect(progressOf(stored, scos[0])?.completion_status).not.toBe('completed');
    expect(stored.library?.last_launched_at).not.toBeNull();
    expect(stored.analytics).toMatchObject({ completed: 0, passed: 0 });
  });
});
