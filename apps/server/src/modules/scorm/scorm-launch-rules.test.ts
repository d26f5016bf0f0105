import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MyScormEnrollment, ScormAttemptStart, ScormCommitResult } from '@portal/shared/scorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import {
  createScormPerson,
  SCORM_SAMPLES_DIR,
  type ScormPerson,
  scorm12Manifest,
  scorm2004Manifest,
  scormTestClient,
  writeZip,
} from './scorm.testing.ts';

const resources = (ids: string[], scormType = 'adlcp:scormType') =>
  `<resources>${ids
    .map((id) => `<resource identifier="r-${id}" type="webcontent" ${scormType}="sco" href="${id}.html"/>`)
    .join('')}</resources>`;

/** Two quizzes; the course is satisfied once either is passed and completed once either is completed. */
const EITHER_QUIZ_2004 = scorm2004Manifest(`
  <organizations default="org"><organization identifier="org"><title>Course</title>
    <item identifier="q1" identifierref="r-q1"><title>Quiz 1</title></item>
    <item identifier="q2" identifierref="r-q2"><title>Quiz 2</title></item>
    <imsss:sequencing>
      <imsss:controlMode choice="true" flow="true"/>
      <imsss:rollupRules>
        <imsss:rollupRule childActivitySet="any">
          <imsss:rollupConditions><imsss:rollupCondition condition="satisfied"/></imsss:rollupConditions>
          <imsss:rollupAction action="satisfied"/>
        </imsss:rollupRule>
        <imsss:rollupRule childActivitySet="any">
          <imsss:rollupConditions><imsss:rollupCondition condition="completed"/></imsss:rollupConditions>
          <imsss:rollupAction action="completed"/>
        </imsss:rollupRule>
      </imsss:rollupRules>
    </imsss:sequencing>
  </organization></organizations>
  ${resources(['q1', 'q2'])}`);

/** A notebook SCO writing shared data, a review SCO reading it, and a test allowed two attempts. */
const SHARED_DATA_2004 = scorm2004Manifest(`
  <organizations default="org"><organization identifier="org"><title>Course</title>
    <item identifier="notebook" identifierref="r-notebook"><title>Notebook</title>
      <adlcp:data>
        <adlcp:map targetID="com.example.notes"/>
        <adlcp:map targetID="com.example.glossary" readSharedData="true" writeSharedData="false"/>
      </adlcp:data>
    </item>
    <item identifier="review" identifierref="r-review"><title>Review</title>
      <adlcp:data><adlcp:map targetID="com.example.notes" writeSharedData="false"/></adlcp:data>
    </item>
    <item identifier="test" identifierref="r-test"><title>Test</title>
      <imsss:sequencing><imsss:limitConditions attemptLimit="2"/></imsss:sequencing>
    </item>
    <imsss:sequencing><imsss:controlMode choice="true" flow="true"/></imsss:sequencing>
  </organization></organizations>
  ${resources(['notebook', 'review', 'test'])}`);

/** A timed test: each attempt may stay open one second, and two attempts are allowed. */
const TIMED_2004 = scorm2004Manifest(`
  <organizations default="org"><organization identifier="org"><title>Course</title>
    <item identifier="timed" identifierref="r-timed"><title>Timed test</title>
      <imsss:sequencing><imsss:limitConditions attemptLimit="2" attemptAbsoluteDurationLimit="PT1S"/></imsss:sequencing>
    </item>
  </organization></organizations>
  ${resources(['timed'])}`);

/** The exam requires the lesson (AICC script). */
const PREREQUISITES_12 = scorm12Manifest(`
  <organizations default="org"><organization identifier="org"><title>Course</title>
    <item identifier="lesson" identifierref="r-lesson"><title>Lesson</title></item>
    <item identifier="exam" identifierref="r-exam"><title>Exam</title>
      <adlcp:prerequisites type="aicc_script">lesson</adlcp:prerequisites>
    </item>
  </organization></organizations>
  ${resources(['lesson', 'exam'], 'adlcp:scormtype')}`);

describe.each(testTargets())('SCORM launch rules, shared data and 2004 rollup on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;
  let dataDir: string;
  let instructor: ScormPerson;
  let client: ReturnType<typeof scormTestClient>;
  let db: Database['db'];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), `portal-scorm-rules-${target.name}-`));
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
  });

  /** A package from a manifest, a new learner enrolled in it, its SCO ids by item, and the learner's requests. */
  async function enrolled(name: string, manifest: string, items: string[]) {
    const file = await writeZip(path.join(dataDir, `${name}.zip`), [
      { name: 'imsmanifest.xml', content: manifest },
      ...items.map((item) => ({ name: `${item}.html`, content: `<html><body>${item}</body></html>` })),
    ]);
    const packageId = await client.uploadAndProcess(instructor, file);
    const learner = await createScormPerson(app, db, 'learner');
    const { enrollmentId, scos } = await client.enrol(instructor, learner, packageId);
    const sco = Object.fromEntries(scos.map((row) => [row.item_id, row.id]));
    const sequences = new Map<string, number>();
    const launch = (item: string) =>
      client.call<ScormAttemptStart & { error?: { code: string; reasons?: string[] } }>(
        learner,
        'POST',
        `/api/scorm/launch/${enrollmentId}/scos/${sco[item]}/attempt`,
      );
    const commit = async (
      attempt: ScormAttemptStart,
      item: string,
      cmi: Record<string, unknown>,
      extra: Record<string, unknown> = {},
    ) => {
      const sequence = (sequences.get(attempt.attempt_id) ?? attempt.commit_sequence) + 1;
      sequences.set(attempt.attempt_id, sequence);
      const result = await client.call<ScormCommitResult>(
        learner,
        'POST',
        `/api/scorm/attempts/${attempt.attempt_id}/commit`,
        { sco_id: sco[item], sequence, cmi, terminate: true, ...extra },
      );
      expect(result.body).toMatchObject({ result: true, errorCode: 0 });
    };
    const library = async () => {
      const mine = await client.call<{ enrollments: MyScormEnrollment[] }>(learner, 'GET', '/api/scorm/my-enrollments');
      return mine.body.enrollments.find((row) => row.id === enrollmentId);
    };
    return { launch, commit, library };
  }

  it('rolls a SCORM 2004 course up by its rollup rules: one passed quiz of two passes the course', async () => {
    const course = await enrolled('either-quiz', EITHER_QUIZ_2004, ['q1', 'q2']);
    const first = await course.launch('q1');
    await course.commit(first.body, 'q1', {
      completion_status: 'incomplete',
      success_status: 'failed',
      exit: 'normal',
    });
    expect(await course.library()).toMatchObject({ status: 'failed' });
    const second = await course.launch('q2');
    await course.commit(second.body, 'q2', {
      completion_status: 'completed',
      success_status: 'passed',
      exit: 'normal',
    });
    expect(await course.library()).toMatchObject({ status: 'passed' });
  });

  it('passes the published simple remediation sample once all four tests are passed, content not counting', async () => {
    const packageId = await client.uploadAndProcess(
      instructor,
      path.join(SCORM_SAMPLES_DIR, 'golf2004-3rd-simple-remediation.zip'),
    );
    const learner = await createScormPerson(app, db, 'learner');
    const { enrollmentId, scos } = await client.enrol(instructor, learner, packageId);
    const sco = Object.fromEntries(scos.map((row) => [row.item_id, row.id]));
    const finish = async (item: string, cmi: Record<string, unknown>) => {
      const started = await client.call<ScormAttemptStart>(
        learner,
        'POST',
        `/api/scorm/launch/${enrollmentId}/scos/${sco[item]}/attempt`,
      );
      const committed = await client.call<ScormCommitResult>(
        learner,
        'POST',
        `/api/scorm/attempts/${started.body.attempt_id}/commit`,
        { sco_id: sco[item], sequence: 1, cmi: { ...cmi, exit: 'normal' }, terminate: true },
      );
      expect(committed.body).toMatchObject({ result: true });
    };
    const status = async () =>
      (await client.call<{ enrollments: MyScormEnrollment[] }>(learner, 'GET', '/api/scorm/my-enrollments')).body
        .enrollments[0]?.status;

    await finish('playing_item', { completion_status: 'completed' });
    for (const test of ['test_1', 'test_2', 'test_3']) {
      await finish(test, { completion_status: 'completed', success_status: 'passed', score: { scaled: '0.9' } });
    }
    expect(await status()).toBe('in_progress');
    await finish('test_4', { completion_status: 'completed', success_status: 'passed', score: { scaled: '0.8' } });
    expect(await status()).toBe('passed');
  });

  it('keeps shared data across SCOs and attempts, writable only where the manifest maps it so', async () => {
    const course = await enrolled('shared-data', SHARED_DATA_2004, ['notebook', 'review', 'test']);
    const notebook = await course.launch('notebook');
    expect(notebook.body.adl_data).toEqual([
      { id: 'com.example.notes', store: '', readable: true, writable: true },
      { id: 'com.example.glossary', store: '', readable: true, writable: false },
    ]);
    await course.commit(
      notebook.body,
      'notebook',
      { completion_status: 'completed', exit: 'normal' },
      {
        adl_data: [
          { id: 'com.example.notes', store: 'swing: keep the head still' },
          { id: 'com.example.glossary', store: 'not the notebook’s to write' },
        ],
      },
    );

    const review = await course.launch('review');
    expect(review.body.adl_data).toEqual([
      { id: 'com.example.notes', store: 'swing: keep the head still', readable: true, writable: false },
    ]);
    await course.commit(
      review.body,
      'review',
      { completion_status: 'completed', exit: 'normal' },
      { adl_data: [{ id: 'com.example.notes', store: 'overwritten by a reader' }] },
    );

    const again = await course.launch('notebook');
    expect(again.body).toMatchObject({ number: 2, entry: 'ab-initio' });
    expect(again.body.adl_data).toEqual([
      { id: 'com.example.notes', store: 'swing: keep the head still', readable: true, writable: true },
      { id: 'com.example.glossary', store: '', readable: true, writable: false },
    ]);
    expect((await course.launch('test')).body.adl_data).toEqual([]);
  });

  it('refuses a new attempt beyond the activity’s attempt limit, but resumes a suspended one', async () => {
    const course = await enrolled('attempt-limit', SHARED_DATA_2004, ['notebook', 'review', 'test']);
    const first = await course.launch('test');
    await course.commit(first.body, 'test', { completion_status: 'incomplete', exit: 'normal' });
    const second = await course.launch('test');
    expect(second.body).toMatchObject({ number: 2 });
    await course.commit(second.body, 'test', { completion_status: 'incomplete', exit: 'suspend' });
    const resumed = await course.launch('test');
    expect(resumed.body).toMatchObject({ number: 2, entry: 'resume' });
    await course.commit(resumed.body, 'test', { completion_status: 'completed', exit: 'normal' });

    const third = await course.launch('test');
    expect(third.status).toBe(409);
    expect(third.body.error).toMatchObject({ code: 'conflict', reasons: ['attempt_limit', '2'] });
    // Other activities have no limit.
    expect((await course.launch('notebook')).status).toBe(200);
  });

  it('ends an attempt left open beyond its absolute duration limit, and counts it toward the attempt limit', async () => {
    const course = await enrolled('timed', TIMED_2004, ['timed']);
    const suspendedLate = async () => {
      const started = await course.launch('timed');
      await course.commit(started.body, 'timed', { completion_status: 'incomplete', exit: 'suspend' });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      return started.body;
    };
    expect(await suspendedLate()).toMatchObject({ number: 1 });
    expect(await suspendedLate()).toMatchObject({ number: 2, entry: 'ab-initio' });
    const refused = await course.launch('timed');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ reasons: ['attempt_limit', '2'] });
  });

  it('locks a SCORM 1.2 SCO until its prerequisites are met', async () => {
    const course = await enrolled('prerequisites', PREREQUISITES_12, ['lesson', 'exam']);
    const locked = await course.launch('exam');
    expect(locked.status).toBe(403);
    expect(locked.body.error).toMatchObject({ code: 'lesson_locked', reasons: ['prerequisites'] });

    const lesson = await course.launch('lesson');
    await course.commit(lesson.body, 'lesson', { core: { lesson_status: 'incomplete', exit: 'suspend' } });
    expect((await course.launch('exam')).status).toBe(403);
    const resumed = await course.launch('lesson');
    await course.commit(resumed.body, 'lesson', { core: { lesson_status: 'completed', exit: '' } });
    const exam = await course.launch('exam');
    expect(exam.status).toBe(200);
    expect(exam.body).toMatchObject({ number: 1, entry: 'ab-initio' });
  });
});
