import type {
  MyScormEnrollment,
  ScormAnalytics,
  ScormAttemptStart,
  ScormEnrollment,
  ScormPlayerSession,
} from '@portal/shared/scorm';
import { SCORM_SEQUENCING_STATE_MAX_CHARS } from '@portal/shared/scorm-sequencing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { testTargets } from '../../testing/test-app.ts';
import { createActivityRepository } from '../activity/activity.repository.ts';
import type { DomainEvent } from '../events/domain-event.types.ts';
import type { ScormPerson } from './scorm.testing.ts';

import { QUIZ_12, type ScormSuite, startScormSuite, TWO_SCOS_2004 } from './scorm-suite.testing.ts';

describe.each(testTargets())('SCORM packages on $name', (target) => {
  let close: () => Promise<void>;
  let app: App;
  let database: Database;
  let instructor: ScormPerson;
  let otherInstructor: ScormPerson;
  let learner: ScormPerson;
  let otherLearner: ScormPerson;
  let events: DomainEvent[];
  let call: ScormSuite['call'];
  let uploadAndProcess: ScormSuite['uploadAndProcess'];
  let built: ScormSuite['built'];

  beforeAll(async () => {
    ({
      close,
      app,
      database,
      instructor,
      otherInstructor,
      learner,
      otherLearner,
      events,
      call,
      uploadAndProcess,
      built,
    } = await startScormSuite(target));
  });
  afterAll(async () => {
    await close();
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
    // A retry of the same commit (its answer lost) gets the same answer, saying it was stored before; a later one
    // finds the attempt ended.
    expect((await call<{ result: boolean }>(learner, 'POST', attemptUrl, finish)).body).toEqual({
      result: true,
      errorCode: 0,
      repeated: true,
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
});
