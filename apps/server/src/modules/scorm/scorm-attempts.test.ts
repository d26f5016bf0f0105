import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type {
  MyScormEnrollment,
  ScormAnalytics,
  ScormAttemptStart,
  ScormCommitResult,
  ScormEnrollment,
} from '@portal/shared/scorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import {
  createScormPerson,
  type ScormPerson,
  scorm12Manifest,
  scorm2004Manifest,
  scormTestClient,
  writeZip,
} from './scorm.testing.ts';

const organization = (items: Array<[id: string, type: 'sco' | 'asset']>, masteryScore = '') =>
  `<organizations default="org"><organization identifier="org"><title>Course</title>
    ${items
      .map(
        ([id]) =>
          `<item identifier="${id}" identifierref="r-${id}"><title>${id}</title>${
            masteryScore ? `<adlcp:masteryscore>${masteryScore}</adlcp:masteryscore>` : ''
          }</item>`,
      )
      .join('\n')}
  </organization></organizations>`;

const SINGLE_SCO_12 = scorm12Manifest(`${organization([['lesson', 'sco']], '80')}
  <resources><resource identifier="r-lesson" type="webcontent" adlcp:scormtype="sco" href="lesson.html"/></resources>`);

const TWO_SCOS_12 = scorm12Manifest(`${organization([
  ['one', 'sco'],
  ['two', 'sco'],
])}
  <resources>
    <resource identifier="r-one" type="webcontent" adlcp:scormtype="sco" href="one.html"/>
    <resource identifier="r-two" type="webcontent" adlcp:scormtype="sco" href="two.html"/>
  </resources>`);

const ASSETS_ONLY_12 = scorm12Manifest(`${organization([
  ['handout', 'asset'],
  ['slides', 'asset'],
])}
  <resources>
    <resource identifier="r-handout" type="webcontent" adlcp:scormtype="asset" href="handout.html"/>
    <resource identifier="r-slides" type="webcontent" adlcp:scormtype="asset" href="slides.html"/>
  </resources>`);

const SINGLE_SCO_2004 = scorm2004Manifest(`${organization([['lesson', 'sco']])}
  <resources><resource identifier="r-lesson" type="webcontent" adlcp:scormType="sco" href="lesson.html"/></resources>`);

/** Two organizations: the player delivers the default one only, so only its SCO decides the status. */
const TWO_ORGANIZATIONS_12 = scorm12Manifest(`
  <organizations default="main">
    <organization identifier="main"><title>Main</title>
      <item identifier="lesson" identifierref="r-lesson"><title>Lesson</title></item>
    </organization>
    <organization identifier="extra"><title>Extra</title>
      <item identifier="bonus" identifierref="r-bonus"><title>Bonus</title></item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="r-lesson" type="webcontent" adlcp:scormtype="sco" href="lesson.html"/>
    <resource identifier="r-bonus" type="webcontent" adlcp:scormtype="sco" href="bonus.html"/>
  </resources>`);

/** The optional lesson's rollup rules say it counts toward neither completion nor satisfaction. */
const OPTIONAL_LESSON_2004 = scorm2004Manifest(`
  <organizations default="org"><organization identifier="org"><title>Course</title>
    <item identifier="core" identifierref="r-core"><title>Core</title></item>
    <item identifier="optional" identifierref="r-optional"><title>Optional</title>
      <imsss:sequencing>
        <imsss:rollupRules rollupObjectiveSatisfied="false" rollupProgressCompletion="false"/>
      </imsss:sequencing>
    </item>
    <imsss:sequencing><imsss:controlMode choice="true" flow="true"/></imsss:sequencing>
  </organization></organizations>
  <resources>
    <resource identifier="r-core" type="webcontent" adlcp:scormType="sco" href="core.html"/>
    <resource identifier="r-optional" type="webcontent" adlcp:scormType="sco" href="optional.html"/>
  </resources>`);

type Client = ReturnType<typeof scormTestClient>;

/** A learner enrolled in a package, launching and committing through the APIs the player uses. */
function learnerSession(client: Client, learner: ScormPerson, enrollmentId: string) {
  const sequences = new Map<string, number>();
  return {
    async launch(scoId: string) {
      const started = await client.call<ScormAttemptStart>(
        learner,
        'POST',
        `/api/scorm/launch/${enrollmentId}/scos/${scoId}/attempt`,
      );
      expect(started.status).toBe(200);
      sequences.set(started.body.attempt_id, started.body.commit_sequence ?? 0);
      return started.body;
    },
    async commit(attempt: ScormAttemptStart, scoId: string, cmi: Record<string, unknown>, terminate = false) {
      const sequence = (sequences.get(attempt.attempt_id) ?? 0) + 1;
      sequences.set(attempt.attempt_id, sequence);
      const committed = await client.call<ScormCommitResult>(
        learner,
        'POST',
        `/api/scorm/attempts/${attempt.attempt_id}/commit`,
        { sco_id: scoId, sequence, cmi, terminate },
      );
      expect(committed.body).toMatchObject({ result: true, errorCode: 0 });
    },
    async library() {
      const mine = await client.call<{ enrollments: MyScormEnrollment[] }>(learner, 'GET', '/api/scorm/my-enrollments');
      const found = mine.body.enrollments.find((enrollment) => enrollment.id === enrollmentId);
      if (!found) throw new Error('enrolment missing from the library');
      return found;
    },
  };
}

describe.each(testTargets())('SCORM attempts and course status on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;
  let dataDir: string;
  let workDir: string;
  let instructor: ScormPerson;
  let client: Client;
  let db: Database['db'];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), `portal-scorm-attempts-${target.name}-`));
    workDir = await mkdtemp(path.join(os.tmpdir(), 'portal-scorm-attempt-zips-'));
    const started = await startTestApp(target, { dataDir });
    app = started.app;
    close = started.close;
    client = scormTestClient(app);
    db = started.database.db;
    instructor = await createScormPerson(app, db, 'instructor');
  });
  afterAll(async () => {
    await close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(workDir, { recursive: true, force: true });
  });

  /** A package built from a manifest, a new learner enrolled in it, and its SCOs in manifest order. */
  async function enrolledPackage(name: string, manifest: string, pages: string[]) {
    const file = await writeZip(path.join(workDir, `${name}.zip`), [
      { name: 'imsmanifest.xml', content: manifest },
      ...pages.map((page) => ({ name: page, content: `<html><body>${page}</body></html>` })),
    ]);
    const packageId = await client.uploadAndProcess(instructor, file);
    const learner = await createScormPerson(app, db, 'learner');
    const enrolled = await client.call<{ enrollments: ScormEnrollment[] }>(
      instructor,
      'POST',
      `/api/scorm/packages/${packageId}/enrollments`,
      { learner_ids: [learner.id] },
    );
    const enrollmentId = enrolled.body.enrollments.find((row) => row.learner.id === learner.id)?.id ?? '';
    const detail = await client.call<{ scos: Array<{ id: string; item_id: string }> }>(
      instructor,
      'GET',
      `/api/scorm/packages/${packageId}`,
    );
    const scoIds = detail.body.scos.map((sco) => sco.id);
    const analytics = async () =>
      (await client.call<ScormAnalytics>(instructor, 'GET', `/api/scorm/packages/${packageId}/analytics`)).body;
    return { packageId, learner, scoIds, session: learnerSession(client, learner, enrollmentId), analytics };
  }

  it('starts a new attempt ab initio after a normal SCORM 1.2 exit, resumes after suspend, and reports attempts, best and latest result', async () => {
    const course = await enrolledPackage('attempts-12', SINGLE_SCO_12, ['lesson.html']);
    const [scoId = ''] = course.scoIds;
    const { session } = course;

    /** The learner, scoring 90 with the lesson still incomplete on page `page`, leaves the SCO with `exit`. */
    const leaveIncomplete = (attempt: ScormAttemptStart, page: number, exit: string) =>
      session.commit(
        attempt,
        scoId,
        {
          suspend_data: `page=${page}`,
          core: { lesson_location: `p${page}`, lesson_status: 'incomplete', exit, score: { raw: '90' } },
        },
        true,
      );

    const first = await session.launch(scoId);
    expect(first).toMatchObject({ number: 1, entry: 'ab-initio' });
    await leaveIncomplete(first, 4, 'suspend');

    const resumed = await session.launch(scoId);
    expect(resumed).toMatchObject({
      attempt_id: first.attempt_id,
      number: 1,
      entry: 'resume',
      cmi: { suspend_data: 'page=4', core: { entry: 'resume', lesson_location: 'p4' } },
    });
    // The learner leaves without suspending and without finishing: the attempt is over all the same.
    await leaveIncomplete(resumed, 5, '');

    const second = await session.launch(scoId);
    expect(second).toMatchObject({ number: 2, entry: 'ab-initio', cmi: { core: { entry: 'ab-initio' } } });
    expect(second.attempt_id).not.toBe(first.attempt_id);
    expect(second.cmi).not.toHaveProperty('suspend_data');
    expect(second.cmi.core).not.toHaveProperty('lesson_location');
    expect(second.cmi.core).not.toHaveProperty('lesson_status');
    await session.commit(
      second,
      scoId,
      { core: { lesson_status: 'failed', exit: '', score: { raw: '60' }, session_time: '00:05:00' } },
      true,
    );

    const third = await session.launch(scoId);
    expect(third).toMatchObject({ number: 3, entry: 'ab-initio' });

    const library = await session.library();
    expect(library.attempts).toMatchObject({
      count: 3,
      best_score: 90,
      latest: { number: 2, completion_status: 'completed', success_status: 'failed', score: 60 },
    });
    const analytics = await course.analytics();
    expect(analytics.attempts).toBe(3);
    expect(analytics.learners).toEqual([
      {
        enrollment_id: library.id,
        learner: expect.objectContaining({ id: course.learner.id }),
        // The first attempt's 90 met the mastery score: a later failed attempt does not take the pass away.
        status: 'passed',
        attempts: library.attempts,
      },
    ]);
  });

  it('starts a new SCORM 2004 attempt after exit "normal" and resumes one left with "suspend"', async () => {
    const course = await enrolledPackage('attempts-2004', SINGLE_SCO_2004, ['lesson.html']);
    const [scoId = ''] = course.scoIds;
    const { session } = course;

    const first = await session.launch(scoId);
    await session.commit(
      first,
      scoId,
      { location: 'p2', suspend_data: 'state=2', completion_status: 'incomplete', exit: 'suspend' },
      true,
    );
    const resumed = await session.launch(scoId);
    expect(resumed).toMatchObject({
      attempt_id: first.attempt_id,
      entry: 'resume',
      cmi: { entry: 'resume', location: 'p2', suspend_data: 'state=2' },
    });
    await session.commit(
      resumed,
      scoId,
      { location: 'p3', completion_status: 'incomplete', exit: 'normal', score: { scaled: '0.5' } },
      true,
    );

    const second = await session.launch(scoId);
    expect(second).toMatchObject({ number: 2, entry: 'ab-initio', cmi: { entry: 'ab-initio' } });
    expect(second.cmi).not.toHaveProperty('location');
    expect(second.cmi).not.toHaveProperty('suspend_data');
    expect((await session.library()).attempts).toMatchObject({ count: 2, best_score: 50, latest: { number: 1 } });
  });

  it('completes a SCORM 1.2 SCO that finishes without setting a status, and the single-SCO package with it', async () => {
    const course = await enrolledPackage('silent-12', SINGLE_SCO_12, ['lesson.html']);
    const [scoId = ''] = course.scoIds;
    const attempt = await course.session.launch(scoId);
    await course.session.commit(attempt, scoId, { core: { session_time: '00:01:00' } });
    expect((await course.session.library()).status).toBe('in_progress');

    await course.session.commit(attempt, scoId, { core: { exit: '', session_time: '00:02:00' } }, true);
    expect(await course.session.library()).toMatchObject({
      status: 'completed',
      completed_scos: 1,
      attempts: { count: 1, latest: { completion_status: 'completed' } },
    });
    expect(await course.analytics()).toMatchObject({ attempted: 1, completed: 1 });
  });

  it('completes a multi-SCO SCORM 1.2 package only once every SCO is complete', async () => {
    const course = await enrolledPackage('two-12', TWO_SCOS_12, ['one.html', 'two.html']);
    const [one = '', two = ''] = course.scoIds;
    const first = await course.session.launch(one);
    await course.session.commit(first, one, { core: { lesson_status: 'completed', exit: '' } }, true);
    expect(await course.session.library()).toMatchObject({ status: 'in_progress', completed_scos: 1, total_scos: 2 });
    expect(await course.analytics()).toMatchObject({ completed: 0 });

    const second = await course.session.launch(two);
    await course.session.commit(second, two, { core: { exit: '' } }, true);
    expect(await course.session.library()).toMatchObject({ status: 'completed', completed_scos: 2 });
    expect(await course.analytics()).toMatchObject({ completed: 1 });
  });

  it('rolls a package up from its default organization only', async () => {
    const course = await enrolledPackage('organizations-12', TWO_ORGANIZATIONS_12, ['lesson.html', 'bonus.html']);
    const [lesson = ''] = course.scoIds;
    const attempt = await course.session.launch(lesson);
    await course.session.commit(attempt, lesson, { core: { lesson_status: 'passed', exit: '' } }, true);
    expect(await course.session.library()).toMatchObject({ status: 'passed', completed_scos: 1, total_scos: 1 });
    expect(await course.analytics()).toMatchObject({ completed: 1, passed: 1 });
  });

  it('leaves SCORM 2004 SCOs out of the status when their rollup rules say they do not count', async () => {
    const course = await enrolledPackage('optional-2004', OPTIONAL_LESSON_2004, ['core.html', 'optional.html']);
    const [core = ''] = course.scoIds;
    const attempt = await course.session.launch(core);
    await course.session.commit(
      attempt,
      core,
      { completion_status: 'completed', success_status: 'passed', exit: 'normal' },
      true,
    );
    expect(await course.session.library()).toMatchObject({ status: 'passed' });
    expect(await course.analytics()).toMatchObject({ completed: 1, passed: 1 });
  });

  it('completes an asset-only package once each asset has been opened', async () => {
    const course = await enrolledPackage('assets-12', ASSETS_ONLY_12, ['handout.html', 'slides.html']);
    const [handout = '', slides = ''] = course.scoIds;
    await course.session.launch(handout);
    expect(await course.session.library()).toMatchObject({ status: 'in_progress', completed_scos: 1 });
    await course.session.launch(slides);
    await course.session.launch(slides);
    expect(await course.session.library()).toMatchObject({ status: 'completed', completed_scos: 2 });
    expect(await course.analytics()).toMatchObject({ enrolled: 1, attempted: 1, completed: 1 });
  });
});
