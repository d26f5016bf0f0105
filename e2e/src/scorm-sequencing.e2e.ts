import type { ScormAttemptStart, ScormEnrollment, ScormPlayerSession } from '@portal/shared/scorm';
import type { Browser, Frame, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser';
import { scoFrame, signInForScorm, uploadReadyPackage, zipOf } from './scorm-support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const condition = (attributes: string) => `<imsss:ruleCondition ${attributes}/>`;

/**
 * Two lessons in a flow cluster. Lesson one is retried while not passed (post-condition) and writes its result to
 * a global objective; lesson two reads it and stays disabled until it is known and passed (pre-condition).
 */
const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.sequenced" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Sequenced course</title>
    <item identifier="unit"><title>Unit</title>
      <item identifier="one" identifierref="r1"><title>Lesson one</title>
        <imsss:sequencing>
          <imsss:sequencingRules><imsss:postConditionRule>
            <imsss:ruleConditions>${condition('condition="satisfied" operator="not"')}</imsss:ruleConditions>
            <imsss:ruleAction action="retry"/>
          </imsss:postConditionRule></imsss:sequencingRules>
          <imsss:objectives><imsss:primaryObjective objectiveID="one-passed">
            <imsss:mapInfo targetObjectiveID="urn:e2e:lesson-one" writeSatisfiedStatus="true"/>
          </imsss:primaryObjective></imsss:objectives>
        </imsss:sequencing>
      </item>
      <item identifier="two" identifierref="r2"><title>Lesson two</title>
        <imsss:sequencing>
          <imsss:sequencingRules><imsss:preConditionRule>
            <imsss:ruleConditions conditionCombination="any">
              ${condition('referencedObjective="gate" condition="objectiveStatusKnown" operator="not"')}
              ${condition('referencedObjective="gate" condition="satisfied" operator="not"')}
            </imsss:ruleConditions>
            <imsss:ruleAction action="disabled"/>
          </imsss:preConditionRule></imsss:sequencingRules>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="two-passed"/>
            <imsss:objective objectiveID="gate">
              <imsss:mapInfo targetObjectiveID="urn:e2e:lesson-one" readSatisfiedStatus="true"/>
            </imsss:objective>
          </imsss:objectives>
        </imsss:sequencing>
      </item>
      <imsss:sequencing><imsss:controlMode choice="true" flow="true"/></imsss:sequencing>
    </item>
    <imsss:sequencing><imsss:controlMode choice="true" flow="true"/></imsss:sequencing>
  </organization></organizations>
  <resources>
    <resource identifier="r1" type="webcontent" adlcp:scormType="sco" href="one.html"><file href="one.html"/></resource>
    <resource identifier="r2" type="webcontent" adlcp:scormType="sco" href="two.html"><file href="two.html"/></resource>
  </resources>
</manifest>`;

const page = (heading: string) => `<!doctype html><html lang="en"><head><title>${heading}</title></head>
<body><h1>${heading}</h1></body></html>`;

type Api2004 = Record<string, (...args: string[]) => string>;

/** What the content does: Initialize, report its result, ask to continue, Terminate. */
async function finishLesson(frame: Frame, successStatus: 'passed' | 'failed') {
  await frame.evaluate((status) => {
    const api = (window.parent as unknown as { API_1484_11: Api2004 }).API_1484_11;
    api.Initialize?.('');
    api.SetValue?.('cmi.completion_status', 'completed');
    api.SetValue?.('cmi.success_status', status);
    api.SetValue?.('adl.nav.request', 'continue');
    api.Terminate?.('');
  }, successStatus);
}

/** The sequenced package, uploaded by the instructor and assigned to the demo learner; returns the enrolment. */
async function enrolLearner(title: string): Promise<string> {
  const instructorContext = await newContext(browser);
  const instructor = await instructorContext.newPage();
  await signInForScorm(instructor, 'instructor@example.com');
  const packageId = await uploadReadyPackage(instructor, {
    zip: await zipOf({ 'imsmanifest.xml': MANIFEST, 'one.html': page('Lesson one'), 'two.html': page('Lesson two') }),
    fileName: 'sequenced.zip',
    title,
  });
  const learners = (await (await instructor.request.get('/api/scorm/learners?search=learner@example.com')).json()) as {
    learners: Array<{ id: string; email: string }>;
  };
  const learnerId = learners.learners.find((person) => person.email === 'learner@example.com')?.id;
  const enrolled = await instructor.request.post(`/api/scorm/packages/${packageId}/enrollments`, {
    data: { learner_ids: [learnerId] },
  });
  const enrollmentId = ((await enrolled.json()) as { enrollments: ScormEnrollment[] }).enrollments[0]?.id;
  await instructorContext.close();
  return enrollmentId ?? '';
}

describe('SCORM 2004 sequencing in the player', () => {
  it('retries, gates and delivers lessons by the manifest’s rules, shares an objective across SCOs, and keeps it all after a reload', async () => {
    const enrollmentId = await enrolLearner(`Sequenced e2e ${Date.now()}`);
    const context = await newContext(browser);
    const learner = await context.newPage();
    await signInForScorm(learner, 'learner@example.com');
    const session = (await (
      await learner.request.get(`/api/scorm/launch/${enrollmentId}`)
    ).json()) as ScormPlayerSession;
    const scoOf = (itemId: string) => session.scos.find((sco) => sco.item_id === itemId)?.id ?? '';

    await learner.goto(`/scorm/launch/${enrollmentId}/${scoOf('one')}`);
    const contents = learner.getByRole('navigation', { name: 'Contents' });
    const lessonOne = contents.getByRole('button', { name: 'Lesson one' });
    const lessonTwo = contents.getByRole('button', { name: 'Lesson two' });
    const previous = learner.getByRole('button', { name: 'Previous' });
    let frame = await scoFrame(learner, 'Lesson one');
    await expect.poll(() => lessonOne.getAttribute('aria-current')).toBe('step');
    expect(await lessonTwo.isDisabled()).toBe(true);
    expect(await previous.isDisabled()).toBe(true);

    // Failing lesson one: its post-condition retries it in a new attempt; lesson two stays closed.
    const retried = learner.waitForResponse((response) => response.url().endsWith('/attempt'));
    await finishLesson(frame, 'failed');
    expect(((await (await retried).json()) as ScormAttemptStart).number).toBe(2);
    frame = await scoFrame(learner, 'Lesson one');
    expect(await lessonTwo.isDisabled()).toBe(true);

    // Passing it writes the shared objective, which opens lesson two, and the flow delivers it.
    await finishLesson(frame, 'passed');
    frame = await scoFrame(learner, 'Lesson two');
    await learner.waitForURL((url) => url.pathname === `/scorm/launch/${enrollmentId}/${scoOf('two')}`);
    await expect.poll(() => lessonTwo.getAttribute('aria-current')).toBe('step');
    await expect.poll(() => previous.isDisabled()).toBe(false);
    expect(await lessonOne.isDisabled()).toBe(false);
    await expect.poll(() => lessonOne.getByText('completed').count()).toBe(1);
    const gate = await frame.evaluate(async () => {
      const api = (window.parent as unknown as { API_1484_11: Api2004 }).API_1484_11;
      api.Initialize?.('');
      for (let tries = 0; tries < 50; tries += 1) {
        const count = Number(api.GetValue?.('cmi.objectives._count') ?? 0);
        for (let index = 0; index < count; index += 1) {
          if (api.GetValue?.(`cmi.objectives.${index}.id`) === 'gate') {
            return api.GetValue?.(`cmi.objectives.${index}.success_status`);
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return 'missing';
    });
    expect(gate).toBe('passed');

    // A reload comes back to lesson two with the same navigation: the state lives on the server.
    await learner.reload();
    frame = await scoFrame(learner, 'Lesson two');
    await expect.poll(() => lessonTwo.getAttribute('aria-current')).toBe('step');
    await expect.poll(() => previous.isDisabled()).toBe(false);
    expect(await lessonTwo.isDisabled()).toBe(false);
    expect(await lessonOne.isDisabled()).toBe(false);

    // Continuing past the last lesson ends the sequencing session.
    await finishLesson(frame, 'passed');
    await learner.getByText('You have reached the end of this course.').waitFor();
    await context.close();
  });

  it('keeps what the newer tab did when an older tab of the same course moves on, and asks the older one to reload', async () => {
    const enrollmentId = await enrolLearner(`Two tabs e2e ${Date.now()}`);
    const context = await newContext(browser);
    const older = await context.newPage();
    await signInForScorm(older, 'learner@example.com');
    const session = (await (await older.request.get(`/api/scorm/launch/${enrollmentId}`)).json()) as ScormPlayerSession;
    const lessonOne = `/scorm/launch/${enrollmentId}/${session.scos.find((sco) => sco.item_id === 'one')?.id}`;
    const stateUrl = `/api/scorm/launch/${enrollmentId}/sequencing-state`;
    const isStateSave = (response: Response) =>
      response.url().endsWith('/sequencing-state') && response.request().method() === 'PUT';

    // The older tab starts the course (and saves that); the newer one opens it where it stands.
    const started = older.waitForResponse(isStateSave);
    await older.goto(lessonOne);
    const olderFrame = await scoFrame(older, 'Lesson one');
    expect((await started).status()).toBe(200);
    const newer = await context.newPage();
    await newer.goto(lessonOne);
    const newerFrame = await scoFrame(newer, 'Lesson one');

    // The newer tab passes lesson one and moves on to lesson two.
    const moved = newer.waitForResponse(isStateSave);
    await finishLesson(newerFrame, 'passed');
    expect((await moved).status()).toBe(200);
    await scoFrame(newer, 'Lesson two');
    const kept = (await (await newer.request.get(stateUrl)).json()) as { state: string; revision: number };

    // The older tab, still in lesson one, fails it: its state is refused, and it says why and offers a reload.
    const refused = older.waitForResponse(isStateSave);
    await finishLesson(olderFrame, 'failed');
    expect((await refused).status()).toBe(409);
    const notice = older.getByRole('status').filter({ hasText: 'This course moved on in another window.' });
    await notice.waitFor();
    expect(await older.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    expect(await (await older.request.get(stateUrl)).json()).toEqual(kept);

    // Reloading brings it to where the newer tab left the course.
    await notice.getByRole('button', { name: 'Reload' }).click();
    await scoFrame(older, 'Lesson two');
    const contents = older.getByRole('navigation', { name: 'Contents' });
    await expect
      .poll(() => contents.getByRole('button', { name: 'Lesson two' }).getAttribute('aria-current'))
      .toBe('step');
    expect(await notice.count()).toBe(0);
    await context.close();
  });
});
