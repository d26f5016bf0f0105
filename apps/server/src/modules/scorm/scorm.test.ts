import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type {
  MyScormEnrollment,
  ScormAnalytics,
  ScormAttemptStart,
  ScormEnrollment,
  ScormPackage,
  ScormPackageDetail,
  ScormPlayerSession,
} from '@portal/shared/scorm';
import { SCORM_SEQUENCING_STATE_MAX_CHARS } from '@portal/shared/scorm-sequencing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { createActivityRepository } from '../activity/activity.repository.ts';
import type { DomainEvent } from '../events/domain-event.types.ts';
import {
  createScormPerson,
  SCORM_SAMPLES_DIR,
  type ScormPerson,
  scorm12Manifest,
  scorm2004Manifest,
  scormTestClient,
  writeZip,
} from './scorm.testing.ts';

const QUIZ_12 = scorm12Manifest(`
  <organizations default="org"><organization identifier="org"><title>Quiz course</title>
    <item identifier="quiz" identifierref="r1"><title>Quiz</title><adlcp:masteryscore>80</adlcp:masteryscore></item>
  </organization></organizations>
  <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="index.html"/></resources>`);

const TWO_SCOS_2004 = scorm2004Manifest(`
  <organizations default="org"><organization identifier="org"><title>Two lessons</title>
    <item identifier="one" identifierref="r1"><title>One</title></item>
    <item identifier="two" identifierref="r2"><title>Two</title></item>
    <imsss:sequencing><imsss:controlMode choice="true" flow="true"/></imsss:sequencing>
  </organization></organizations>
  <resources>
    <resource identifier="r1" type="webcontent" adlcp:scormType="sco" href="one.html"/>
    <resource identifier="r2" type="webcontent" adlcp:scormType="sco" href="two.html"/>
  </resources>`);

describe.each(testTargets())('SCORM packages on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let dataDir: string;
  let workDir: string;
  let admin: ScormPerson;
  let instructor: ScormPerson;
  let otherInstructor: ScormPerson;
  let learner: ScormPerson;
  let otherLearner: ScormPerson;
  const events: DomainEvent[] = [];

  const call: ReturnType<typeof scormTestClient>['call'] = (person, method, url, payload) =>
    scormTestClient(app).call(person, method, url, payload);

  const upload = async (person: ScormPerson, file: string, query = '') => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/scorm/packages?file_name=${encodeURIComponent(path.basename(file))}${query}`,
      headers: { ...person.headers, 'content-type': 'application/zip' },
      payload: await readFile(file),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ package: ScormPackage }>().package;
  };

  const uploadAndProcess = async (person: ScormPerson, file: string, query = '') => {
    const uploaded = await upload(person, file, query);
    const processed = await call<{ package: ScormPackage }>(
      person,
      'POST',
      `/api/scorm/packages/${uploaded.id}/process`,
    );
    expect(processed.status).toBe(200);
    return processed.body.package;
  };

  const built = async (name: string, manifest: string, pages: string[]) =>
    writeZip(path.join(workDir, name), [
      { name: 'imsmanifest.xml', content: manifest },
      ...pages.map((page) => ({ name: page, content: `<html><body>${page}</body></html>` })),
    ]);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), `portal-scorm-${target.name}-`));
    workDir = await mkdtemp(path.join(os.tmpdir(), 'portal-scorm-zips-'));
    const started = await startTestApp(target, { dataDir });
    app = started.app;
    database = started.database;
    close = started.close;
    app.domainEvents.subscribe('scorm-test-recorder', async (event) => {
      events.push(event);
    });
    [admin, instructor, otherInstructor, learner, otherLearner] = await Promise.all([
      createScormPerson(app, database.db, 'admin'),
      createScormPerson(app, database.db, 'instructor'),
      createScormPerson(app, database.db, 'instructor'),
      createScormPerson(app, database.db, 'learner'),
      createScormPerson(app, database.db, 'learner'),
    ]);
  });
  afterAll(async () => {
    await close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(workDir, { recursive: true, force: true });
  });

  it('imports every published sample with its SCOs, stored as {timestamp}_{filename}, private and owned by the uploader', async () => {
    const samples: Array<[string, string, number, string]> = [
      ['golf12-singlesco.zip', '1.2', 1, 'shared/launchpage.html'],
      ['golf12-minimum-calls.zip', '1.2', 18, 'Playing/Playing.html'],
      ['golf2004-3rd-runtime-basic.zip', '2004-3rd', 1, 'shared/launchpage.html'],
      ['golf2004-3rd-simple-remediation.zip', '2004-3rd', 8, 'shared/launchpage.html?content=playing'],
    ];
    for (const [file, version, scoCount, firstLaunch] of samples) {
      const uploaded = await upload(instructor, path.join(SCORM_SAMPLES_DIR, file));
      expect(uploaded).toMatchObject({ status: 'uploading', is_public: false, created_by: instructor.id });
      expect(uploaded.title).toBe(file.replace(/\.zip$/, ''));
      expect(uploaded.zip_path).toMatch(new RegExp(`^scorm-packages/\\d{13}_${file.replace('.', '\\.')}$`));
      expect(uploaded.metadata).toMatchObject({ originalFileName: file, fileSize: expect.any(Number) });
      expect(existsSync(path.join(dataDir, 'files', uploaded.zip_path))).toBe(true);

      const processed = await call<{ package: ScormPackage }>(
        instructor,
        'POST',
        `/api/scorm/packages/${uploaded.id}/process`,
      );
      expect(processed.body.package).toMatchObject({ status: 'ready', version, sco_count: scoCount });
      const detail = await call<ScormPackageDetail>(instructor, 'GET', `/api/scorm/packages/${uploaded.id}`);
      expect(detail.body.scos).toHaveLength(scoCount);
      expect(detail.body.scos[0]?.launch_url).toBe(firstLaunch);
      expect(existsSync(path.join(dataDir, 'files', detail.body.package.manifest_path ?? ''))).toBe(true);
    }

    const own = await call<{ packages: ScormPackage[] }>(instructor, 'GET', '/api/scorm/packages');
    expect(own.body.packages).toHaveLength(4);
    const searched = await call<{ packages: ScormPackage[] }>(
      instructor,
      'GET',
      '/api/scorm/packages?search=remediation',
    );
    expect(searched.body.packages.map((pkg) => pkg.title)).toEqual(['golf2004-3rd-simple-remediation']);
    expect(
      (await call<{ packages: ScormPackage[] }>(otherInstructor, 'GET', '/api/scorm/packages')).body.packages,
    ).toEqual([]);
    expect(
      (await call<{ packages: ScormPackage[] }>(admin, 'GET', '/api/scorm/packages')).body.packages.length,
    ).toBeGreaterThanOrEqual(4);
    expect((await call(learner, 'GET', '/api/scorm/packages')).status).toBe(403);
  });

  it('marks a broken upload failed with one clear reason and keeps no extracted files', async () => {
    const notZip = path.join(workDir, 'slides.zip');
    await writeFile(notZip, 'this is a PowerPoint file, honestly');
    const failed = await uploadAndProcess(instructor, notZip);
    expect(failed).toMatchObject({ status: 'failed', failure_reason: 'not_a_zip' });
    expect(existsSync(path.join(dataDir, 'files', 'scorm-content', failed.id))).toBe(false);

    const missing = await uploadAndProcess(instructor, await built('missing-launch.zip', QUIZ_12, ['other.html']));
    expect(missing).toMatchObject({ status: 'failed', failure_reason: 'missing_launch_file' });
    expect(missing.failure_message).toContain('index.html');

    const traversal = path.join(workDir, 'traversal.zip');
    await writeZip(
      traversal,
      [
        { name: 'imsmanifest.xml', content: QUIZ_12 },
        { name: 'xx/evil.html', content: 'x' },
      ],
      {
        rewrite: [['xx/evil.html', '../evil.html']],
      },
    );
    expect(await uploadAndProcess(instructor, traversal)).toMatchObject({
      status: 'failed',
      failure_reason: 'path_escape',
    });
    expect(existsSync(path.join(dataDir, 'files', 'evil.html'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'evil.html'))).toBe(false);

    const notZipName = await app.inject({
      method: 'POST',
      url: '/api/scorm/packages?file_name=notes.pdf',
      headers: { ...instructor.headers, 'content-type': 'application/zip' },
      payload: Buffer.from('x'),
    });
    expect(notZipName.statusCode).toBe(400);
    const asLearner = await app.inject({
      method: 'POST',
      url: '/api/scorm/packages?file_name=a.zip',
      headers: { ...learner.headers, 'content-type': 'application/zip' },
      payload: Buffer.from('x'),
    });
    expect(asLearner.statusCode).toBe(403);
  });

  it('lets the owner edit and delete a package (files too) while another instructor gets 404 and changes nothing', async () => {
    const pkg = await uploadAndProcess(
      instructor,
      await built('edit-me.zip', QUIZ_12, ['index.html']),
      '&title=Quiz%20one',
    );
    expect(pkg.title).toBe('Quiz one');
    const foreign = await call(otherInstructor, 'PATCH', `/api/scorm/packages/${pkg.id}`, { title: 'Mine now' });
    expect(foreign.status).toBe(404);
    expect((await call(otherInstructor, 'DELETE', `/api/scorm/packages/${pkg.id}`)).status).toBe(404);

    const edited = await call<{ package: ScormPackage }>(instructor, 'PATCH', `/api/scorm/packages/${pkg.id}`, {
      title: 'Quiz renamed',
      description: 'Checks the basics.',
      is_public: true,
    });
    expect(edited.body.package).toMatchObject({
      title: 'Quiz renamed',
      description: 'Checks the basics.',
      is_public: true,
    });
    expect(
      (await call<{ package: ScormPackage }>(admin, 'PATCH', `/api/scorm/packages/${pkg.id}`, { is_public: false }))
        .status,
    ).toBe(200);

    expect((await call(instructor, 'DELETE', `/api/scorm/packages/${pkg.id}`)).status).toBe(204);
    expect((await call(instructor, 'GET', `/api/scorm/packages/${pkg.id}`)).status).toBe(404);
    expect(existsSync(path.join(dataDir, 'files', pkg.zip_path))).toBe(false);
    expect(existsSync(path.join(dataDir, 'files', 'scorm-content', pkg.id))).toBe(false);
  });

  it('records a learner’s launch, resumes it, refuses bad values with SCORM error codes and emits completion once', async () => {
    const pkg = await uploadAndProcess(instructor, await built('quiz.zip', QUIZ_12, ['index.html']));
    const enrolled = await call<{ enrollments: ScormEnrollment[] }>(
      instructor,
      'POST',
      `/api/scorm/packages/${pkg.id}/enrollments`,
      { learner_ids: [learner.id], due_at: '2030-01-31T17:00:00.000Z' },
    );
    expect(enrolled.body.enrollments).toMatchObject([
      { learner: { id: learner.id }, due_at: '2030-01-31T17:00:00.000Z', status: 'not_started' },
    ]);
    const enrollmentId = enrolled.body.enrollments[0]?.id ?? '';

    const mine = await call<{ enrollments: MyScormEnrollment[] }>(learner, 'GET', '/api/scorm/my-enrollments');
    expect(mine.body.enrollments).toMatchObject([{ id: enrollmentId, package: { title: 'quiz' }, total_scos: 1 }]);
    const scoId = mine.body.enrollments[0]?.launch_sco_id ?? '';
    expect((await call(otherLearner, 'GET', `/api/scorm/launch/${enrollmentId}`)).status).toBe(404);

    const session = await call<ScormPlayerSession>(learner, 'GET', `/api/scorm/launch/${enrollmentId}`);
    expect(session.body).toMatchObject({ mode: 'launch', package: { version: '1.2' }, scos: [{ id: scoId }] });
    expect(session.body.content.wrapper_url).toMatch(/^http:\/\/127\.0\.0\.1:3001\/scorm\/w\//);

    const first = await call<ScormAttemptStart>(
      learner,
      'POST',
      `/api/scorm/launch/${enrollmentId}/scos/${scoId}/attempt`,
    );
    expect(first.body).toMatchObject({
      number: 1,
      entry: 'ab-initio',
      cmi: { core: { student_id: learner.id, entry: 'ab-initio' } },
    });
    expect(first.body.cmi).toMatchObject({ student_data: { mastery_score: '80' } });
    const attemptUrl = `/api/scorm/attempts/${first.body.attempt_id}/commit`;

    const numbered = { sco_id: scoId };
    const bad = await call<{ result: boolean; errorCode: number }>(learner, 'POST', attemptUrl, {
      ...numbered,
      sequence: 1,
      cmi: { core: { lesson_status: 'finished-ish', score: { raw: 'lots' } } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ result: false, errorCode: 405 });
    const foreign = await call(otherLearner, 'POST', attemptUrl, {
      ...numbered,
      sequence: 1,
      cmi: { core: { lesson_location: 'p9' } },
    });
    expect(foreign.status).toBe(404);

    const saved = await call<{ result: boolean }>(learner, 'POST', attemptUrl, {
      ...numbered,
      sequence: 1,
      cmi: {
        suspend_data: 'page=3;answers=a,b',
        core: { lesson_location: 'page-3', lesson_status: 'incomplete', exit: 'suspend', session_time: '00:02:00' },
        interactions: { '0': { id: 'q1', type: 'choice', student_response: 'b', result: 'wrong' } },
      },
    });
    expect(saved.body).toEqual({ result: true, errorCode: 0 });
    // The content claims two minutes; only the seconds that really passed since the attempt began count as learning.
    const scormSeconds = await createActivityRepository({ db: database.db }).secondsBetween(learner.id, {
      from: new Date(Date.now() - 3_600_000),
      to: new Date(Date.now() + 3_600_000),
      sources: ['scorm'],
    });
    expect(scormSeconds).toBeGreaterThan(0);
    expect(scormSeconds).toBeLessThan(60);

    const resumed = await call<ScormAttemptStart>(
      learner,
      'POST',
      `/api/scorm/launch/${enrollmentId}/scos/${scoId}/attempt`,
    );
    expect(resumed.body).toMatchObject({
      attempt_id: first.body.attempt_id,
      commit_sequence: 1,
      entry: 'resume',
      cmi: {
        suspend_data: 'page=3;answers=a,b',
        core: { lesson_location: 'page-3', entry: 'resume', total_time: '0000:02:00' },
      },
    });

    const finish = {
      ...numbered,
      sequence: resumed.body.commit_sequence + 1,
      cmi: {
        suspend_data: 'done',
        core: {
          lesson_location: 'end',
          lesson_status: 'completed',
          exit: '',
          session_time: '00:01:00',
          score: { raw: '90' },
        },
        interactions: {
          '0': { id: 'q1', type: 'choice', student_response: 'b', result: 'wrong' },
          '1': { id: 'q2', type: 'choice', student_response: 'c', result: 'correct' },
        },
      },
      terminate: true,
    };
    expect((await call<{ result: boolean }>(learner, 'POST', attemptUrl, finish)).body.result).toBe(true);
    // A retry of the same commit (its answer lost) gets the same answer; a later one finds the attempt ended.
    expect((await call<{ result: boolean }>(learner, 'POST', attemptUrl, finish)).body).toEqual({
      result: true,
      errorCode: 0,
    });
    expect((await call(learner, 'POST', attemptUrl, { ...finish, sequence: finish.sequence + 1 })).status).toBe(422);
    await app.domainEvents.drain();
    const packageEvents = events.filter((event) => 'packageId' in event.payload && event.payload.packageId === pkg.id);
    expect(packageEvents.map((event) => event.type).sort()).toEqual(['scorm.completed', 'scorm.passed']);
    expect(packageEvents.find((event) => event.type === 'scorm.passed')?.payload).toMatchObject({ score: 90 });

    const next = await call<ScormAttemptStart>(
      learner,
      'POST',
      `/api/scorm/launch/${enrollmentId}/scos/${scoId}/attempt`,
    );
    expect(next.body).toMatchObject({ number: 2, entry: 'ab-initio' });
    expect(next.body.cmi).not.toHaveProperty('suspend_data');

    const analytics = await call<ScormAnalytics>(instructor, 'GET', `/api/scorm/packages/${pkg.id}/analytics`);
    expect(analytics.body).toMatchObject({
      enrolled: 1,
      attempted: 1,
      completed: 1,
      passed: 1,
      average_score: 90,
      total_time_seconds: 180,
    });
    expect(analytics.body.interactions).toEqual([
      { interaction_id: 'q1', description: null, type: 'choice', responses: 1, correct: 0, incorrect: 1, other: 0 },
      { interaction_id: 'q2', description: null, type: 'choice', responses: 1, correct: 1, incorrect: 0, other: 0 },
    ]);
    expect((await call(otherInstructor, 'GET', `/api/scorm/packages/${pkg.id}/analytics`)).status).toBe(404);
    const listed = await call<{ enrollments: ScormEnrollment[] }>(
      instructor,
      'GET',
      `/api/scorm/packages/${pkg.id}/enrollments`,
    );
    expect(listed.body.enrollments[0]).toMatchObject({ status: 'passed' });
  });

  const TAB_A = 'tab-a-3f9c2e71';
  const TAB_B = 'tab-b-8d41a0c5';

  it('keeps the sequencing state of a learner’s own SCORM 2004 enrolment only, refusing bad or oversized states and a stale tab’s', async () => {
    const pkg = await uploadAndProcess(
      instructor,
      await built('sequenced.zip', TWO_SCOS_2004, ['one.html', 'two.html']),
    );
    const enrolled = await call<{ enrollments: ScormEnrollment[] }>(
      instructor,
      'POST',
      `/api/scorm/packages/${pkg.id}/enrollments`,
      { learner_ids: [learner.id] },
    );
    const enrollmentId = enrolled.body.enrollments[0]?.id ?? '';
    const url = `/api/scorm/launch/${enrollmentId}/sequencing-state`;

    expect((await call(learner, 'GET', url)).body).toEqual({ state: null, revision: 0, updated_at: null });
    type Saved = { state: string; revision: number };
    const save = (state: string, revision: number, window: string) =>
      call<Saved & { error: { code: string } }>(learner, 'PUT', url, { state, revision, window });
    const first = JSON.stringify({ sequencing: { currentActivity: 'one' } });
    const created = await save(first, 0, TAB_A);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ state: first, revision: 1 });
    const state = JSON.stringify({
      sequencing: { currentActivity: 'two' },
      globalObjectiveMap: { g1: { satisfiedStatus: true } },
    });
    const saved = await save(state, 1, TAB_A);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ state, revision: 2 });
    expect((await call<Saved>(learner, 'GET', url)).body).toMatchObject({ state, revision: 2 });

    // Another tab still on revision 1 (or one that never read a state) cannot overwrite what the first saved.
    const stale = JSON.stringify({ sequencing: { currentActivity: 'one' }, stale: true });
    for (const revision of [1, 0, 3]) {
      const refused = await save(stale, revision, TAB_B);
      expect(refused.status, `revision ${revision}`).toBe(409);
      expect(refused.body.error.code).toBe('conflict');
    }
    expect((await call<Saved>(learner, 'GET', url)).body).toMatchObject({ state, revision: 2 });

    // A page reloaded in the tab that saved last may save over what its previous page left on the way out.
    const reloaded = JSON.stringify({ sequencing: { currentActivity: 'two' }, reloaded: true });
    expect((await save(reloaded, 1, TAB_A)).body).toMatchObject({ state: reloaded, revision: 3 });

    // Tabs racing from the same revision: exactly one save is kept.
    const racing = await Promise.all(
      Array.from({ length: 20 }, (_, index) => save(JSON.stringify({ tab: index }), 3, `racing-tab-${index}`)),
    );
    expect(racing.filter((response) => response.status === 200)).toHaveLength(1);
    expect(racing.filter((response) => response.status === 409)).toHaveLength(19);
    const winner = racing.findIndex((response) => response.status === 200);
    expect((await call<Saved>(learner, 'GET', url)).body).toEqual({
      state: JSON.stringify({ tab: winner }),
      revision: 4,
      updated_at: expect.any(String),
    });
    expect((await save(state, 4, TAB_A)).status).toBe(200);

    // Another learner, or the instructor who assigned it, can neither read nor overwrite it.
    expect((await call(otherLearner, 'GET', url)).status).toBe(404);
    expect((await call(otherLearner, 'PUT', url, { state: '{}', revision: 5, window: TAB_A })).status).toBe(404);
    expect((await call(instructor, 'PUT', url, { state: '{}', revision: 5, window: TAB_A })).status).toBe(404);
    expect((await call<{ state: string | null }>(learner, 'GET', url)).body.state).toBe(state);

    for (const bad of [
      { state: 'not json', revision: 5, window: TAB_A },
      { state: '[1,2]', revision: 5, window: TAB_A },
      { state: 42, revision: 5, window: TAB_A },
      { state: '{}', window: TAB_A },
      { state: '{}', revision: -1, window: TAB_A },
      { state: '{}', revision: 1.5, window: TAB_A },
      { state: '{}', revision: 5 },
      { state: '{}', revision: 5, window: 'short' },
      { state: '{}', revision: 5, window: 'has spaces in it' },
      {},
      { state: '{}', revision: 5, window: TAB_A, extra: true },
    ]) {
      const refused = await call<{ error: { code: string } }>(learner, 'PUT', url, bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.body.error.code).toBeTruthy();
    }
    const oversized = await call(learner, 'PUT', url, {
      state: JSON.stringify({ pad: 'x'.repeat(SCORM_SEQUENCING_STATE_MAX_CHARS) }),
      revision: 5,
      window: TAB_A,
    });
    expect(oversized.status).toBe(400);
    const hugeBody = await call(learner, 'PUT', url, {
      state: '"'.repeat(SCORM_SEQUENCING_STATE_MAX_CHARS * 2),
      revision: 5,
      window: TAB_A,
    });
    expect(hugeBody.status).toBe(413);
    expect(hugeBody.body).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    expect((await call(learner, 'GET', '/api/scorm/launch/not-a-uuid/sequencing-state')).status).toBe(400);
    expect((await call<{ state: string | null }>(learner, 'GET', url)).body.state).toBe(state);

    // SCORM 1.2 has no sequencing.
    const quiz = await uploadAndProcess(instructor, await built('quiz-seq.zip', QUIZ_12, ['index.html']));
    const quizEnrolment = await call<{ enrollments: ScormEnrollment[] }>(
      instructor,
      'POST',
      `/api/scorm/packages/${quiz.id}/enrollments`,
      { learner_ids: [learner.id] },
    );
    const quizUrl = `/api/scorm/launch/${quizEnrolment.body.enrollments[0]?.id ?? ''}/sequencing-state`;
    expect((await call(learner, 'PUT', quizUrl, { state: '{}', revision: 0, window: TAB_A })).status).toBe(400);
  });

  it('serves package files only from the content origin, with a token, a strict policy and no session', async () => {
    const pkg = await uploadAndProcess(instructor, await built('two.zip', TWO_SCOS_2004, ['one.html', 'two.html']));
    expect((await call(learner, 'GET', `/api/scorm/preview/${pkg.id}`)).status).toBe(404);
    const preview = await call<ScormPlayerSession>(instructor, 'GET', `/api/scorm/preview/${pkg.id}`);
    expect(preview.body.organizations[0]?.sequencing).toMatchObject({ controlMode: { choice: true, flow: true } });
    const wrapper = new URL(preview.body.content.wrapper_url);
    const token = wrapper.pathname.split('/').at(-1) ?? '';

    const page = await app.scormContent.inject({ method: 'GET', url: `/scorm/w/${token}?launch=one.html` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain('frame-ancestors http://localhost:3000');
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.body).toContain(`data-launch="/scorm/c/${token}/one.html"`);
    expect(
      (await app.scormContent.inject({ method: 'GET', url: `/scorm/w/${token}?launch=../x.html` })).statusCode,
    ).toBe(404);
    expect(
      (await app.scormContent.inject({ method: 'GET', url: `/scorm/w/${token}?launch=https://evil.example/` }))
        .statusCode,
    ).toBe(404);

    const file = await app.scormContent.inject({ method: 'GET', url: `/scorm/c/${token}/two.html` });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('two.html');
    expect(file.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(file.headers['content-security-policy']).toContain("frame-ancestors 'self' http://localhost:3000");
    expect(
      (await app.scormContent.inject({ method: 'GET', url: `/scorm/c/${token}/imsmanifest.xml` })).statusCode,
    ).toBe(200);
    expect(
      (await app.scormContent.inject({ method: 'GET', url: `/scorm/c/${token}/%2e%2e/%2e%2e/two.zip` })).statusCode,
    ).toBe(404);
    expect((await app.scormContent.inject({ method: 'GET', url: `/scorm/c/${token}x/two.html` })).statusCode).toBe(404);
    // A forged signature: its first character changed (the last may only carry padding bits).
    const [payload, signature = ''] = token.split('.');
    const forged = `${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect((await app.scormContent.inject({ method: 'GET', url: `/scorm/c/${forged}/two.html` })).statusCode).toBe(404);
    // The content origin has no API: a session cookie sent there opens nothing.
    expect(
      (await app.scormContent.inject({ method: 'GET', url: '/api/me', headers: learner.headers })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/scorm/c/${token}/two.html` })).statusCode).not.toBe(200);

    // A public package is open to anyone signed in: preview, or enrol themselves to be recorded.
    await call(instructor, 'PATCH', `/api/scorm/packages/${pkg.id}`, { is_public: true });
    expect((await call(otherLearner, 'GET', `/api/scorm/preview/${pkg.id}`)).status).toBe(200);
    const selfEnrolled = await call<{ enrollment_id: string }>(
      otherLearner,
      'POST',
      `/api/scorm/packages/${pkg.id}/self-enrollment`,
    );
    const launch = await call<ScormPlayerSession>(
      otherLearner,
      'GET',
      `/api/scorm/launch/${selfEnrolled.body.enrollment_id}`,
    );
    expect(launch.body.scos.map((sco) => sco.title)).toEqual(['One', 'Two']);

    // Made private again, the token of someone not enrolled stops opening files.
    await call(instructor, 'PATCH', `/api/scorm/packages/${pkg.id}`, { is_public: false });
    const learnerToken = new URL(
      (await call<ScormPlayerSession>(otherLearner, 'GET', `/api/scorm/launch/${selfEnrolled.body.enrollment_id}`)).body
        .content.wrapper_url,
    ).pathname
      .split('/')
      .at(-1);
    expect(
      (await app.scormContent.inject({ method: 'GET', url: `/scorm/c/${learnerToken}/one.html` })).statusCode,
    ).toBe(200);
    await call(instructor, 'DELETE', `/api/scorm/packages/${pkg.id}/enrollments/${selfEnrolled.body.enrollment_id}`);
    expect(
      (await app.scormContent.inject({ method: 'GET', url: `/scorm/c/${learnerToken}/one.html` })).statusCode,
    ).toBe(404);
  });
});
