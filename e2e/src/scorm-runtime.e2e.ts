import type { ScormAttemptStart, ScormEnrollment, ScormPlayerSession } from '@portal/shared/scorm';
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext } from './browser';
import { scoFrame, signInForScorm, uploadReadyPackage, withSignedInInstructor, zipOf } from './scorm-support';

const scene = withSignedInInstructor();

const manifest12 = (items: string, resources: string) => `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.runtime${Date.now()}" version="1"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Runtime</title>${items}</organization></organizations>
  <resources>${resources}</resources>
</manifest>`;

const manifest2004 = (items: string, resources: string) => `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.runtime2004${Date.now()}" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Runtime</title>${items}
    <imsss:sequencing><imsss:controlMode choice="true" flow="true"/></imsss:sequencing>
  </organization></organizations>
  <resources>${resources}</resources>
</manifest>`;

const item = (id: string, title: string) =>
  `<item identifier="${id}" identifierref="r-${id}"><title>${title}</title></item>`;
const sco12 = (id: string) =>
  `<resource identifier="r-${id}" type="webcontent" adlcp:scormtype="sco" href="${id}.html"/>`;
const sco2004 = (id: string) =>
  `<resource identifier="r-${id}" type="webcontent" adlcp:scormType="sco" href="${id}.html"/>`;
const page = (heading: string, script = '') =>
  `<html><head><title>${heading}</title></head><body><h1>${heading}</h1><script>${script}</script></body></html>`;

type Api = Record<string, (...args: string[]) => string>;

/** Uploads a package, enrols the demo learner, and opens a signed-in learner page. */
async function prepare(files: Record<string, string>, title: string) {
  const packageId = await uploadReadyPackage(scene.instructor, {
    zip: await zipOf(files),
    fileName: 'runtime.zip',
    title,
  });
  const found = (await (
    await scene.instructor.request.get('/api/scorm/learners?search=learner@example.com')
  ).json()) as {
    learners: Array<{ id: string; email: string }>;
  };
  const learnerId = found.learners.find((person) => person.email === 'learner@example.com')?.id;
  const enrolled = await scene.instructor.request.post(`/api/scorm/packages/${packageId}/enrollments`, {
    data: { learner_ids: [learnerId] },
  });
  const enrollmentId = ((await enrolled.json()) as { enrollments: ScormEnrollment[] }).enrollments[0]?.id ?? '';
  const context = await newContext(scene.browser);
  const learner = await context.newPage();
  await signInForScorm(learner, 'learner@example.com');
  const session = (await (await learner.request.get(`/api/scorm/launch/${enrollmentId}`)).json()) as ScormPlayerSession;
  const scoIds = session.scos.map((sco) => sco.id);
  return {
    context,
    learner,
    enrollmentId,
    scoIds,
    launchPath: (scoId: string) => `/scorm/launch/${enrollmentId}/${scoId}`,
  };
}

const progressOf = async (learner: Page, enrollmentId: string, scoId: string) => {
  const session = (await (await learner.request.get(`/api/scorm/launch/${enrollmentId}`)).json()) as ScormPlayerSession;
  return session.progress.find((entry) => entry.sco_id === scoId);
};

/** What the next launch of a SCO would start from (it resumes a suspended attempt). */
const nextLaunch = async (page: Page, enrollmentId: string, scoId: string) =>
  (await (
    await page.request.post(`/api/scorm/launch/${enrollmentId}/scos/${scoId}/attempt`)
  ).json()) as ScormAttemptStart;

const api12 = (frame: Frame) => frame.evaluate(() => Boolean((window.parent as unknown as { API?: Api }).API));

describe('the SCORM runtime keeps every result', () => {
  it('a post-test passed and left with the player’s Continue is stored, with what it set while unloading, before the next SCO opens', async () => {
    const { context, learner, enrollmentId, scoIds, launchPath } = await prepare(
      {
        'imsmanifest.xml': manifest12(
          item('posttest', 'Post-test') + item('summary', 'Summary'),
          sco12('posttest') + sco12('summary'),
        ),
        'posttest.html': page(
          'Post-test',
          `var api = window.parent.API; api.LMSInitialize('');
           api.LMSSetValue('cmi.core.score.raw', '100'); api.LMSSetValue('cmi.core.lesson_status', 'passed');
           window.addEventListener('unload', function () {
             api.LMSSetValue('cmi.core.lesson_location', 'left-by-continue');
             api.LMSSetValue('cmi.core.exit', 'suspend');
             api.LMSFinish('');
           });`,
        ),
        'summary.html': page('Summary'),
      },
      `Runtime continue ${Date.now()}`,
    );
    const [posttest = '', summary = ''] = scoIds;
    await learner.goto(launchPath(posttest));
    await scoFrame(learner, 'Post-test');
    await learner.getByRole('button', { name: 'Continue' }).click();
    await scoFrame(learner, 'Summary');
    // The moment the next SCO shows, the post-test's result is on the server.
    expect(await progressOf(learner, enrollmentId, posttest)).toMatchObject({
      success_status: 'passed',
      score_scaled: 1,
    });
    expect((await nextLaunch(learner, enrollmentId, posttest)).cmi).toMatchObject({
      core: { lesson_location: 'left-by-continue', lesson_status: 'passed', entry: 'resume' },
    });
    expect(summary).not.toBe('');
    await context.close();
  });

  it('a SCORM 2004 quiz passed and left with Continue through the sequencing engine is stored as passed', async () => {
    const { context, learner, enrollmentId, scoIds, launchPath } = await prepare(
      {
        'imsmanifest.xml': manifest2004(
          item('quiz', 'Quiz') + item('wrapup', 'Wrap-up'),
          sco2004('quiz') + sco2004('wrapup'),
        ),
        'quiz.html': page(
          'Quiz',
          `var api = window.parent.API_1484_11; api.Initialize('');
           api.SetValue('cmi.score.raw', '100'); api.SetValue('cmi.score.scaled', '1');
           api.SetValue('cmi.success_status', 'passed'); api.SetValue('cmi.completion_status', 'completed');`,
        ),
        'wrapup.html': page('Wrap-up', "window.parent.API_1484_11.Initialize('');"),
      },
      `Runtime 2004 continue ${Date.now()}`,
    );
    const [quiz = ''] = scoIds;
    await learner.goto(launchPath(quiz));
    await scoFrame(learner, 'Quiz');
    await learner.getByRole('button', { name: 'Continue' }).click();
    const wrapup = await scoFrame(learner, 'Wrap-up');
    expect(await wrapup.evaluate(() => document.title)).toBe('Wrap-up');
    expect(await progressOf(learner, enrollmentId, quiz)).toMatchObject({
      completion_status: 'completed',
      success_status: 'passed',
      score_scaled: 1,
    });
    await context.close();
  });

  it('data sent as the tab closes arrives: the session ended just before closing, and a session never committed', async () => {
    const { context, learner, enrollmentId, scoIds, launchPath } = await prepare(
      {
        'imsmanifest.xml': manifest12(item('lesson', 'Lesson'), sco12('lesson')),
        'lesson.html': page('Lesson'),
      },
      `Runtime close ${Date.now()}`,
    );
    const [lesson = ''] = scoIds;
    await learner.goto(launchPath(lesson));
    const frame = await scoFrame(learner, 'Lesson');
    expect(await api12(frame)).toBe(true);
    await frame.evaluate(async () => {
      const api = (window.parent as unknown as { API: Api }).API;
      api.LMSInitialize?.('');
      api.LMSSetValue?.('cmi.core.lesson_location', 'closing-point');
      api.LMSSetValue?.('cmi.core.exit', 'suspend');
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      api.LMSFinish?.('');
    });
    await learner.close({ runBeforeUnload: false });

    const checker = await context.newPage();
    let resumed: ScormAttemptStart | null = null;
    for (let tries = 0; tries < 50 && resumed === null; tries += 1) {
      const candidate = await nextLaunch(checker, enrollmentId, lesson);
      const core = candidate.cmi.core as Record<string, string>;
      if (core.lesson_location === 'closing-point') resumed = candidate;
      else await checker.waitForTimeout(200);
    }
    const core = resumed?.cmi.core as Record<string, string>;
    expect(core.lesson_location).toBe('closing-point');
    // The lesson never reported its time: the session's real length (1.5 s) counts.
    expect(core.total_time).toMatch(/^0000:00:0[1-9]/);

    // A session that sets data and never commits, closed at once: the page's last request carries it.
    await checker.goto(launchPath(lesson));
    const again = await scoFrame(checker, 'Lesson');
    await again.evaluate(() => {
      const api = (window.parent as unknown as { API: Api }).API;
      api.LMSInitialize?.('');
      api.LMSSetValue?.('cmi.core.lesson_location', 'never-committed');
      api.LMSSetValue?.('cmi.suspend_data', 'state-42');
    });
    await checker.close({ runBeforeUnload: false });
    const verifier = await context.newPage();
    let stored = '';
    for (let tries = 0; tries < 50 && stored !== 'never-committed'; tries += 1) {
      const started = await nextLaunch(verifier, enrollmentId, lesson);
      stored = (started.cmi.core as Record<string, string>).lesson_location ?? '';
      if (stored !== 'never-committed') await verifier.waitForTimeout(200);
    }
    expect(stored).toBe('never-committed');
    await context.close();
  });

  it('answers every call synchronously with its error code, and stores 100 interactions and 50 objectives written in a burst', async () => {
    const { context, learner, scoIds, launchPath } = await prepare(
      {
        'imsmanifest.xml': manifest2004(item('assessment', 'Assessment'), sco2004('assessment')),
        'assessment.html': page('Assessment'),
      },
      `Runtime burst ${Date.now()}`,
    );
    const [assessment = ''] = scoIds;
    const commits: string[] = [];
    learner.on('request', (request) => {
      if (request.url().includes('/scorm/commit/')) commits.push(request.url());
    });
    await learner.goto(launchPath(assessment));
    const frame = await scoFrame(learner, 'Assessment');
    const answers = await frame.evaluate(() => {
      const api = (window.parent as unknown as { API_1484_11: Api }).API_1484_11;
      const call = (name: string, ...args: string[]) => {
        const result = api[name]?.(...args);
        return [result, api.GetLastError?.('')];
      };
      const results: Record<string, unknown> = {
        beforeInit: call('GetValue', 'cmi.location'),
        init: call('Initialize', ''),
        outOfRange: call('SetValue', 'cmi.score.scaled', '2'),
        typeMismatch: call('SetValue', 'cmi.completion_status', 'finished'),
        readOnly: call('SetValue', 'cmi.learner_id', 'someone'),
        writeOnly: call('GetValue', 'cmi.exit'),
        undefinedElement: call('GetValue', 'cmi.nothing'),
        notInitialized: call('GetValue', 'cmi.score.raw'),
        version: call('GetValue', 'cmi._version'),
        children: [String(api.GetValue?.('cmi.score._children')).split(',').sort().join(','), api.GetLastError?.('')],
        countBefore: call('GetValue', 'cmi.interactions._count'),
        diagnostic: api.GetDiagnostic?.('406'),
      };
      for (let index = 0; index < 100; index += 1) {
        api.SetValue?.(`cmi.interactions.${index}.id`, `question-${index}`);
        api.SetValue?.(`cmi.interactions.${index}.type`, 'choice');
        api.SetValue?.(`cmi.interactions.${index}.correct_responses.0.pattern`, 'a');
        api.SetValue?.(`cmi.interactions.${index}.learner_response`, index % 3 === 0 ? 'b' : 'a');
        api.SetValue?.(`cmi.interactions.${index}.result`, index % 3 === 0 ? 'incorrect' : 'correct');
        if (index < 50) {
          api.SetValue?.(`cmi.objectives.${index}.id`, `objective-${index}`);
          api.SetValue?.(`cmi.objectives.${index}.success_status`, 'passed');
        }
        api.Commit?.('');
      }
      api.SetValue?.('cmi.exit', 'suspend');
      api.Commit?.('');
      results.countAfter = call('GetValue', 'cmi.interactions._count');
      return results;
    });
    expect(answers).toMatchObject({
      beforeInit: ['', '122'],
      init: ['true', '0'],
      outOfRange: ['false', '407'],
      typeMismatch: ['false', '406'],
      readOnly: ['false', '404'],
      writeOnly: ['', '405'],
      undefinedElement: ['', '401'],
      notInitialized: ['', '403'],
      version: ['1.0', '0'],
      children: ['max,min,raw,scaled', '0'],
      countBefore: ['0', '0'],
      countAfter: ['100', '0'],
    });
    expect(String(answers.diagnostic)).not.toBe('');
    await learner.getByRole('status', { name: 'Content status' }).getByText('All progress saved').waitFor();
    // 101 commits in a burst travel as a handful of requests, each with everything set by then.
    expect(commits.length).toBeGreaterThan(0);
    expect(commits.length).toBeLessThanOrEqual(5);

    await learner.goto('/dashboard/learner');
    await learner.goto(launchPath(assessment));
    const resumed = await scoFrame(learner, 'Assessment');
    const counts = await resumed.evaluate(() => {
      const api = (window.parent as unknown as { API_1484_11: Api }).API_1484_11;
      api.Initialize?.('');
      return [
        api.GetValue?.('cmi.entry'),
        api.GetValue?.('cmi.interactions._count'),
        api.GetValue?.('cmi.objectives._count'),
        api.GetValue?.('cmi.interactions.99.learner_response'),
      ];
    });
    expect(counts).toEqual(['resume', '100', '50', 'b']);
    await context.close();
  });

  it('keeps a SCORM 1.2 lesson locked until its prerequisites are met, then opens it', async () => {
    const prerequisite = (id: string, title: string, needs: string) =>
      `<item identifier="${id}" identifierref="r-${id}"><title>${title}</title><adlcp:prerequisites type="aicc_script">${needs}</adlcp:prerequisites></item>`;
    const { context, learner, enrollmentId, scoIds, launchPath } = await prepare(
      {
        'imsmanifest.xml': manifest12(
          item('basics', 'Basics') + prerequisite('advanced', 'Advanced', 'basics'),
          sco12('basics') + sco12('advanced'),
        ),
        'basics.html': page('Basics'),
        'advanced.html': page('Advanced'),
      },
      `Runtime prerequisites ${Date.now()}`,
    );
    const [basics = '', advanced = ''] = scoIds;
    // Opening the locked lesson by its address is refused with a clear message.
    await learner.goto(launchPath(advanced));
    await learner.getByText('This lesson is still locked').waitFor();
    expect((await learner.request.post(`/api/scorm/launch/${enrollmentId}/scos/${advanced}/attempt`)).status()).toBe(
      403,
    );

    await learner.goto(launchPath(basics));
    const contents = learner.getByRole('navigation', { name: 'Contents' });
    const lockedLesson = contents.getByRole('button', { name: /Advanced/ });
    await lockedLesson.getByText('Locked').waitFor();
    expect(await lockedLesson.isDisabled()).toBe(true);
    const frame = await scoFrame(learner, 'Basics');
    await frame.evaluate(() => {
      const api = (window.parent as unknown as { API: Api }).API;
      api.LMSInitialize?.('');
      api.LMSSetValue?.('cmi.core.lesson_status', 'completed');
      api.LMSFinish?.('');
    });
    await learner.reload();
    await scoFrame(learner, 'Basics');
    await expect.poll(() => lockedLesson.getByText('Locked').count()).toBe(0);
    await lockedLesson.click();
    await scoFrame(learner, 'Advanced');
    await context.close();
  });
});
