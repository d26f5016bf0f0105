import type { ScormAnalytics, ScormAttemptStart, ScormPlayerSession } from '@portal/shared/scorm';
import type { ScormOwnAttemptList } from '@portal/shared/scorm-analytics';
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext } from './browser';
import {
  enrolDemoLearner,
  scoFrame,
  signInForScorm,
  uploadReadyPackage,
  withSignedInInstructor,
  zipOf,
} from './scorm-support';

/**
 * Packages built here, each exercising one part of SCORM the player and the server must get right together,
 * played in the real player as the demo learner; the assertions read back what the server stored.
 */

const scene = withSignedInInstructor();

const NAMESPACES = `xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss"`;

/** A SCORM 2004 4th edition manifest; `sequencing` is the organization's own. */
const manifest2004 = (items: string, resources: string, sequencing = FLOW) => `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.played${Date.now()}" version="1" ${NAMESPACES}>
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Played</title>${items}
    <imsss:sequencing>${sequencing}</imsss:sequencing>
  </organization></organizations>
  <resources>${resources}</resources>
</manifest>`;

const FLOW = '<imsss:controlMode choice="true" flow="true"/>';
const item = (id: string, title: string, extra = '') =>
  `<item identifier="${id}" identifierref="r-${id}"><title>${title}</title>${extra}</item>`;
const resource = (id: string, type: 'sco' | 'asset') =>
  `<resource identifier="r-${id}" type="webcontent" adlcp:scormType="${type}" href="${id}.html"><file href="${id}.html"/></resource>`;
const page = (heading: string) =>
  `<!doctype html><html lang="en"><head><title>${heading}</title></head><body><h1>${heading}</h1></body></html>`;

type Api2004 = Record<string, (...args: string[]) => string>;

/** What a SCO reports before it ends its session (values set in this order), and where it asks to go. */
async function report(frame: Frame, values: Array<[string, string]>, navRequest?: string) {
  await frame.evaluate(
    ({ values, navRequest }) => {
      const api = (window.parent as unknown as { API_1484_11: Api2004 }).API_1484_11;
      api.Initialize?.('');
      for (const [element, value] of values) api.SetValue?.(element, value);
      if (navRequest) api.SetValue?.('adl.nav.request', navRequest);
      api.Terminate?.('');
    },
    { values, navRequest },
  );
}

/** Uploads a package, enrols the demo learner, and signs the learner in, in a browser context of their own. */
async function prepare(files: Record<string, string>, title: string) {
  const packageId = await uploadReadyPackage(scene.instructor, {
    zip: await zipOf(files),
    fileName: 'played.zip',
    title,
  });
  const enrollmentId = await enrolDemoLearner(scene.instructor, packageId);
  const context = await newContext(scene.browser);
  const learner = await context.newPage();
  await signInForScorm(learner, 'learner@example.com');
  const session = (await (await learner.request.get(`/api/scorm/launch/${enrollmentId}`)).json()) as ScormPlayerSession;
  const scoOf = (itemId: string) => session.scos.find((sco) => sco.item_id === itemId)?.id ?? '';
  return {
    packageId,
    enrollmentId,
    context,
    learner,
    scoOf,
    launchPath: (itemId: string) => `/scorm/launch/${enrollmentId}/${scoOf(itemId)}`,
  };
}

/** The package's analytics as the studio reads them. */
const analyticsOf = async (packageId: string) =>
  (await (await scene.instructor.request.get(`/api/scorm/packages/${packageId}/analytics`)).json()) as ScormAnalytics;

/** The demo learner's row in the studio analytics. */
const learnerRow = async (packageId: string) =>
  (await analyticsOf(packageId)).learners.find((row) => row.learner.email === 'learner@example.com');

const heading = (frame: Frame) => frame.locator('h1').innerText({ timeout: 1_000 });

/** The SCO frame showing a question not among `shown` (the one just delivered). */
async function questionFrame(learner: Page, shown: string[]): Promise<Frame> {
  for (let tries = 0; tries < 150; tries += 1) {
    for (const frame of learner.frames()) {
      if (frame.isDetached() || !frame.url().includes('/scorm/c/')) continue;
      const text = await heading(frame).catch(() => '');
      if (/^Question \d$/.test(text) && !shown.includes(text)) return frame;
    }
    await learner.waitForTimeout(100);
  }
  throw new Error(`no question after ${shown.join(', ')} was delivered`);
}

/** Waits for the next attempt the player starts, answering it. */
const nextAttempt = (learner: Page) =>
  learner
    .waitForResponse((response) => response.url().endsWith('/attempt') && response.request().method() === 'POST')
    .then(async (response) => (await response.json()) as ScormAttemptStart);

describe('SCORM packages played through the player', () => {
  it('draws another subset and order of a randomized pool for each course attempt, and stores the second attempt’s results', async () => {
    const questions = ['q1', 'q2', 'q3', 'q4', 'q5'];
    const pool = `<item identifier="pool"><title>Question pool</title>
      ${questions.map((id) => item(id, `Question ${id.slice(1)}`)).join('')}
      <imsss:sequencing>
        <imsss:controlMode choice="true" flow="true"/>
        <imsss:randomizationControls randomizationTiming="onEachNewAttempt" selectCount="3"
          reorderChildren="true" selectionTiming="onEachNewAttempt"/>
      </imsss:sequencing>
    </item>`;
    const files: Record<string, string> = {
      'imsmanifest.xml': manifest2004(pool, questions.map((id) => resource(id, 'sco')).join('')),
    };
    for (const id of questions) files[`${id}.html`] = page(`Question ${id.slice(1)}`);
    const { packageId, enrollmentId, context, learner, launchPath } = await prepare(
      files,
      `Randomized pool ${Date.now()}`,
    );

    /** One course attempt: answers every question the draw delivers; returns their headings and attempt ids. */
    const playCourse = async (values: Array<[string, string]>) => {
      const order: string[] = [];
      const attemptIds: string[] = [];
      let started = nextAttempt(learner);
      await learner.goto(launchPath('q1'));
      for (let index = 0; index < 3; index += 1) {
        attemptIds.push((await started).attempt_id);
        const frame = await questionFrame(learner, order);
        order.push(await heading(frame));
        // The last question's continue ends the course: no attempt follows it.
        if (index < 2) started = nextAttempt(learner);
        await report(frame, values, 'continue');
      }
      await learner.getByText('You have reached the end of this course.').waitFor();
      return { order, attemptIds };
    };

    const failing: Array<[string, string]> = [
      ['cmi.score.scaled', '0.3'],
      ['cmi.score.raw', '30'],
      ['cmi.completion_status', 'completed'],
      ['cmi.success_status', 'failed'],
    ];
    const passing: Array<[string, string]> = [
      ['cmi.score.scaled', '0.9'],
      ['cmi.score.raw', '90'],
      ['cmi.completion_status', 'completed'],
      ['cmi.success_status', 'passed'],
    ];

    const first = await playCourse(failing);
    expect(new Set(first.order).size).toBe(3);
    // Every question of the draw is completed: the course is, though two questions were left out.
    await expect.poll(async () => (await learnerRow(packageId))?.status).toBe('completed');

    // New course attempts draw again; with 60 possible draws, two in a row rarely match, three never should.
    const orders = [first.order.join()];
    let second = await playCourse(passing);
    orders.push(second.order.join());
    if (orders[0] === orders[1]) {
      second = await playCourse(passing);
      orders.push(second.order.join());
    }
    expect(new Set(orders).size).toBeGreaterThan(1);

    // The latest course attempt's results are stored as reported: passed with 90%, not failed at 0.
    const own = (await (
      await learner.request.get(`/api/scorm/my-enrollments/${enrollmentId}/attempts`)
    ).json()) as ScormOwnAttemptList;
    for (const attemptId of second.attemptIds) {
      expect(own.attempts.find((attempt) => attempt.id === attemptId)).toMatchObject({
        completion_status: 'completed',
        success_status: 'passed',
        score: 90,
      });
    }
    const row = await learnerRow(packageId);
    expect(row?.status).toBe('passed');
    expect(row?.attempts.latest).toMatchObject({ completion_status: 'completed', success_status: 'passed', score: 90 });
    expect(row?.attempts.best).toMatchObject({ success_status: 'passed', score: 90 });
    await context.close();
  }, 180_000);

  it('lets a later SCO read what an earlier one wrote to shared data, and keeps it for the next course attempt', async () => {
    const shared = `<adlcp:data><adlcp:map targetID="urn:e2e:notes" readSharedData="true" writeSharedData="true"/></adlcp:data>`;
    const { context, learner, launchPath } = await prepare(
      {
        'imsmanifest.xml': manifest2004(
          item('one', 'Lesson one', shared) + item('two', 'Lesson two', shared),
          resource('one', 'sco') + resource('two', 'sco'),
        ),
        'one.html': page('Lesson one'),
        'two.html': page('Lesson two'),
      },
      `Shared data ${Date.now()}`,
    );
    const readStore = (frame: Frame) =>
      frame.evaluate(() => {
        const api = (window.parent as unknown as { API_1484_11: Api2004 }).API_1484_11;
        api.Initialize?.('');
        return { count: api.GetValue?.('adl.data._count'), id: api.GetValue?.('adl.data.0.id') };
      });
    /** Reads the store (in a session already initialized) and writes the next value, then moves on. */
    const readThenWrite = (frame: Frame, value: string) =>
      frame.evaluate((value) => {
        const api = (window.parent as unknown as { API_1484_11: Api2004 }).API_1484_11;
        const before = api.GetValue?.('adl.data.0.store');
        const written = api.SetValue?.('adl.data.0.store', value);
        api.SetValue?.('cmi.completion_status', 'completed');
        api.SetValue?.('adl.nav.request', 'continue');
        api.Terminate?.('');
        return { before, written };
      }, value);

    const started = nextAttempt(learner);
    await learner.goto(launchPath('one'));
    expect((await started).adl_data).toMatchObject([{ id: 'urn:e2e:notes' }]);
    let frame = await scoFrame(learner, 'Lesson one');
    expect(await readStore(frame)).toEqual({ count: '1', id: 'urn:e2e:notes' });
    expect(await readThenWrite(frame, 'written by lesson one')).toEqual({ before: '', written: 'true' });

    frame = await scoFrame(learner, 'Lesson two');
    await readStore(frame);
    expect(await readThenWrite(frame, 'written by lesson two')).toEqual({
      before: 'written by lesson one',
      written: 'true',
    });
    await learner.getByText('You have reached the end of this course.').waitFor();

    // A new course attempt: lesson one starts afresh, and the store still holds what lesson two wrote.
    const again = nextAttempt(learner);
    await learner.goto(launchPath('one'));
    const attempt = await again;
    expect(attempt.number).toBe(2);
    expect(attempt.adl_data).toMatchObject([{ id: 'urn:e2e:notes', store: 'written by lesson two' }]);
    frame = await scoFrame(learner, 'Lesson one');
    const read = await frame.evaluate(() => {
      const api = (window.parent as unknown as { API_1484_11: Api2004 }).API_1484_11;
      api.Initialize?.('');
      return [api.GetValue?.('cmi.entry'), api.GetValue?.('adl.data.0.store')];
    });
    expect(read).toEqual(['ab-initio', 'written by lesson two']);
    await context.close();
  }, 120_000);

  it('completes an asset-only package once the learner has opened each of its items in the player', async () => {
    const { packageId, context, learner, launchPath } = await prepare(
      {
        'imsmanifest.xml': manifest2004(
          item('intro', 'Introduction') + item('reading', 'Reading'),
          resource('intro', 'asset') + resource('reading', 'asset'),
        ),
        'intro.html': page('Introduction'),
        'reading.html': page('Reading'),
      },
      `Assets only ${Date.now()}`,
    );
    await learner.goto(launchPath('intro'));
    await scoFrame(learner, 'Introduction');
    await expect.poll(async () => (await learnerRow(packageId))?.status).toBe('in_progress');
    expect((await analyticsOf(packageId)).completed).toBe(0);

    const continueButton = learner.getByRole('button', { name: 'Continue' });
    await expect.poll(() => continueButton.isEnabled()).toBe(true);
    await continueButton.click();
    await scoFrame(learner, 'Reading');
    await expect.poll(async () => (await analyticsOf(packageId)).completed).toBe(1);
    expect(['completed', 'passed']).toContain((await learnerRow(packageId))?.status);
    await context.close();
  });

  it('passes and completes a course by its rollup rules alone: any child satisfied or completed is enough', async () => {
    const rollup = `${FLOW}
      <imsss:rollupRules>
        <imsss:rollupRule childActivitySet="any">
          <imsss:rollupConditions><imsss:rollupCondition condition="satisfied"/></imsss:rollupConditions>
          <imsss:rollupAction action="satisfied"/>
        </imsss:rollupRule>
        <imsss:rollupRule childActivitySet="any">
          <imsss:rollupConditions><imsss:rollupCondition condition="completed"/></imsss:rollupConditions>
          <imsss:rollupAction action="completed"/>
        </imsss:rollupRule>
      </imsss:rollupRules>`;
    const { packageId, context, learner, launchPath } = await prepare(
      {
        'imsmanifest.xml': manifest2004(
          item('one', 'Part one') + item('two', 'Part two') + item('three', 'Part three'),
          resource('one', 'sco') + resource('two', 'sco') + resource('three', 'sco'),
          rollup,
        ),
        'one.html': page('Part one'),
        'two.html': page('Part two'),
        'three.html': page('Part three'),
      },
      `Rollup rules ${Date.now()}`,
    );
    await learner.goto(launchPath('one'));
    // Part one is completed but failed: one completed child completes the course; nothing satisfies it yet.
    await report(
      await scoFrame(learner, 'Part one'),
      [
        ['cmi.completion_status', 'completed'],
        ['cmi.success_status', 'failed'],
      ],
      'continue',
    );
    const partTwo = await scoFrame(learner, 'Part two');
    await expect.poll(async () => (await learnerRow(packageId))?.status).toBe('completed');
    expect(await analyticsOf(packageId)).toMatchObject({ completed: 1, passed: 0 });

    // Part two is passed while still incomplete, and part three is never reported: one satisfied child passes it.
    await report(
      partTwo,
      [
        ['cmi.completion_status', 'incomplete'],
        ['cmi.success_status', 'passed'],
      ],
      'continue',
    );
    await scoFrame(learner, 'Part three');
    await expect.poll(async () => (await learnerRow(packageId))?.status).toBe('passed');
    expect(await analyticsOf(packageId)).toMatchObject({ enrolled: 1, completed: 1, passed: 1 });
    await context.close();
  });
});
