import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MyScormEnrollment, ScormAttemptStart, ScormEnrollment } from '@portal/shared/scorm';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { createActivityRepository } from '../activity/activity.repository.ts';
import { learningTimeTotals } from '../activity/activity.table.ts';
import { scormAttemptData, scormAttempts, scormInteractions, scormObjectives } from './scorm.table.ts';
import { createScormPerson, type ScormPerson, scorm12Manifest, scormTestClient, writeZip } from './scorm.testing.ts';
import { createScormAttemptsRepository } from './scorm-attempts.repository.ts';

const ONE_LESSON_12 = scorm12Manifest(`
  <organizations default="org"><organization identifier="org"><title>One lesson</title>
    <item identifier="one" identifierref="r1"><title>One</title></item>
  </organization></organizations>
  <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="one.html"/></resources>`);

/** What a course writes as its learner pages on: one answered question and one objective stay as they were. */
const pageCmi = (page: number, { status = 'incomplete', sessionTime = '00:00:10', answers = 1 } = {}) => ({
  core: { lesson_status: status, lesson_location: `page-${page}`, exit: 'suspend', session_time: sessionTime },
  suspend_data: `{"seen":[${Array.from({ length: page }, (_, n) => n + 1).join(',')}]}`,
  interactions: Object.fromEntries(
    Array.from({ length: answers }, (_, n) => [
      String(n),
      { id: `q${n + 1}`, type: 'choice', student_response: 'b', result: 'correct' },
    ]),
  ),
  objectives: { 0: { id: 'obj-intro', status: 'incomplete', score: { raw: '50' } } },
});

describe.each(testTargets())('SCORM commits that change no result on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let dataDir: string;
  let instructor: ScormPerson;
  let packageId: string;
  let client: ReturnType<typeof scormTestClient>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), `portal-scorm-quiet-${target.name}-`));
    const started = await startTestApp(target, { dataDir });
    ({ app, database, close } = started);
    instructor = await createScormPerson(app, database.db, 'instructor');
    const zip = await writeZip(path.join(dataDir, 'one.zip'), [
      { name: 'imsmanifest.xml', content: ONE_LESSON_12 },
      { name: 'one.html', content: '<html><body>one</body></html>' },
    ]);
    client = scormTestClient(app);
    packageId = await client.uploadAndProcess(instructor, zip);
  });
  afterAll(async () => {
    await close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A learner enrolled in the package, in a new attempt of its SCO, with a way to commit to it. */
  async function learnerInAttempt() {
    const learner = await createScormPerson(app, database.db, 'learner');
    const enrolled = await client.call<{ enrollments: ScormEnrollment[] }>(
      instructor,
      'POST',
      `/api/scorm/packages/${packageId}/enrollments`,
      { learner_ids: [learner.id] },
    );
    const enrollmentId = enrolled.body.enrollments.find((entry) => entry.learner.id === learner.id)?.id ?? '';
    const session = await client.call<{ scos: { id: string }[] }>(learner, 'GET', `/api/scorm/launch/${enrollmentId}`);
    const scoId = session.body.scos[0]?.id ?? '';
    const start = () =>
      client.call<ScormAttemptStart>(learner, 'POST', `/api/scorm/launch/${enrollmentId}/scos/${scoId}/attempt`);
    const attempt = (await start()).body;
    const commit = (sequence: number, cmi: object, unchanged?: string[]) =>
      client.call<{ result: boolean; stale?: boolean }>(
        learner,
        'POST',
        `/api/scorm/attempts/${attempt.attempt_id}/commit`,
        { sco_id: scoId, sequence, cmi, ...(unchanged ? { unchanged } : {}) },
      );
    const learningTime = async () =>
      (await database.db.select().from(learningTimeTotals).where(eq(learningTimeTotals.userId, learner.id)))[0]
        ?.seconds ?? 0;
    const status = async () =>
      (await client.call<{ enrollments: MyScormEnrollment[] }>(learner, 'GET', '/api/scorm/my-enrollments')).body
        .enrollments[0]?.status;
    return { learner, attempt, start, commit, learningTime, status };
  }

  const rowsOf = async (attemptId: string) => ({
    interactions: await database.db.$count(scormInteractions, eq(scormInteractions.attemptId, attemptId)),
    objectives: await database.db.$count(scormObjectives, eq(scormObjectives.attemptId, attemptId)),
  });

  /** Another instance stores commit `page` of the attempt: its number and location, and `cmi` over the stored data. */
  async function storedElsewhere(attemptId: string, page: number, cmi: Record<string, unknown>) {
    const [before] = await database.db.select().from(scormAttemptData).where(eq(scormAttemptData.attemptId, attemptId));
    await database.db
      .update(scormAttempts)
      .set({ commitCount: page, location: `page-${page}` })
      .where(eq(scormAttempts.id, attemptId));
    await database.db
      .update(scormAttemptData)
      .set({ cmi: { ...before?.cmi, ...cmi } })
      .where(eq(scormAttemptData.attemptId, attemptId));
  }

  it('paging on stores each page and its time, keeps the answers, and a later result still completes the package', async () => {
    const { attempt, start, commit, learningTime, status } = await learnerInAttempt();
    expect((await commit(1, pageCmi(1))).status).toBe(200);
    expect(await rowsOf(attempt.attempt_id)).toEqual({ interactions: 1, objectives: 1 });
    const afterFirst = await learningTime();

    // Pages 2-6 change the location and suspend data only; the session's time grows by 2 s a page.
    for (let page = 2; page <= 6; page += 1) {
      const answer = await commit(page, pageCmi(page, { sessionTime: `00:00:${10 + 2 * (page - 1)}` }));
      expect(answer, `page ${page}`).toEqual({ status: 200, body: { result: true, errorCode: 0 } });
    }
    const [stored] = await database.db.select().from(scormAttempts).where(eq(scormAttempts.id, attempt.attempt_id));
    expect(stored).toMatchObject({ commitCount: 6, location: 'page-6', totalTimeSeconds: 20, endedAt: null });
    expect(await rowsOf(attempt.attempt_id)).toEqual({ interactions: 1, objectives: 1 });
    // The session reported 10 s more; each page earns what it reported, as it came within 5 s of the last.
    expect((await learningTime()) - afterFirst).toBe(10);
    expect(await status()).toBe('in_progress');

    // The resumed attempt opens where the learner left off.
    expect((await start()).body).toMatchObject({
      attempt_id: attempt.attempt_id,
      commit_sequence: 6,
      cmi: { core: { lesson_location: 'page-6' }, suspend_data: expect.stringContaining('6]') },
    });

    // A new answer is stored as a row; a completed status completes the package.
    expect((await commit(7, pageCmi(7, { sessionTime: '00:00:20', answers: 2 }))).status).toBe(200);
    expect(await rowsOf(attempt.attempt_id)).toEqual({ interactions: 2, objectives: 1 });
    expect((await commit(8, pageCmi(8, { status: 'completed', sessionTime: '00:00:20', answers: 2 }))).status).toBe(
      200,
    );
    expect(await status()).toBe('completed');
  });

  it('a burst of commits from two tabs keeps the newest, and the session time counts once', async () => {
    const { attempt, commit, learningTime } = await learnerInAttempt();
    expect((await commit(1, pageCmi(1))).status).toBe(200);
    const before = await learningTime();

    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) => commit(n + 2, pageCmi(n + 2, { sessionTime: '00:00:14' }))),
    );
    for (const answer of answers) {
      expect(
        answer.status === 200 || (answer.status === 409 && answer.body.stale === true),
        JSON.stringify(answer),
      ).toBe(true);
    }
    expect(answers.some((answer) => answer.status === 200)).toBe(true);
    const [stored] = await database.db.select().from(scormAttempts).where(eq(scormAttempts.id, attempt.attempt_id));
    // The newest commit is the one stored, whatever order the burst arrived in.
    expect(stored).toMatchObject({ commitCount: 13, location: 'page-13', totalTimeSeconds: 14 });
    // The burst reported 4 s more of the same session; twelve commits of it add those 4 s once.
    expect((await learningTime()) - before).toBe(4);
    expect(await rowsOf(attempt.attempt_id)).toEqual({ interactions: 1, objectives: 1 });
  });

  it('after a commit that records an answer, paging on and a change made elsewhere are both stored as sent', async () => {
    const { attempt, commit, learningTime } = await learnerInAttempt();
    expect((await commit(1, pageCmi(1))).status).toBe(200);
    // Page 2 answers a second question: stored under the attempt's lock, with its rows.
    expect((await commit(2, pageCmi(2, { answers: 2 }))).body).toEqual({ result: true, errorCode: 0 });
    const afterAnswer = await learningTime();
    // Page 3 only moves on and sends only its location: the rest is as page 2 stored it.
    const page3 = pageCmi(3, { sessionTime: '00:00:12' }).core;
    expect((await commit(3, { core: page3 }, ['suspend_data', 'interactions', 'objectives'])).body).toEqual({
      result: true,
      errorCode: 0,
    });
    expect((await learningTime()) - afterAnswer).toBe(2);
    const [afterPage3] = await database.db
      .select()
      .from(scormAttemptData)
      .where(eq(scormAttemptData.attemptId, attempt.attempt_id));
    expect(afterPage3?.cmi).toMatchObject({
      core: { lesson_location: 'page-3' },
      suspend_data: pageCmi(2).suspend_data,
      interactions: pageCmi(2, { answers: 2 }).interactions,
    });
    expect(await rowsOf(attempt.attempt_id)).toEqual({ interactions: 2, objectives: 1 });

    // Page 4 answers again, then another instance stores page 5 before this one hears of it.
    expect((await commit(4, pageCmi(4, { answers: 3, sessionTime: '00:00:12' }))).status).toBe(200);
    await storedElsewhere(attempt.attempt_id, 5, { suspend_data: pageCmi(5).suspend_data });

    // A late copy of page 5 is stale; page 6, sending only its location, keeps the other instance's suspend data.
    expect((await commit(5, pageCmi(5, { answers: 3 }))).body).toMatchObject({ result: false, stale: true });
    const { core } = pageCmi(6, { sessionTime: '00:00:12' });
    expect((await commit(6, { core }, ['suspend_data', 'interactions', 'objectives'])).body).toEqual({
      result: true,
      errorCode: 0,
    });
    const [stored] = await database.db
      .select()
      .from(scormAttemptData)
      .where(eq(scormAttemptData.attemptId, attempt.attempt_id));
    expect(stored?.cmi).toMatchObject({ core: { lesson_location: 'page-6' }, suspend_data: pageCmi(5).suspend_data });
    const [row] = await database.db.select().from(scormAttempts).where(eq(scormAttempts.id, attempt.attempt_id));
    expect(row).toMatchObject({ commitCount: 6, location: 'page-6' });
    expect(await rowsOf(attempt.attempt_id)).toEqual({ interactions: 3, objectives: 1 });
  });

  it('a player whose commits reach two instances in turn keeps what each of them stored', async () => {
    const { attempt, commit } = await learnerInAttempt();
    expect((await commit(1, pageCmi(1))).status).toBe(200);
    expect((await commit(2, pageCmi(2))).body).toEqual({ result: true, errorCode: 0 });

    // Commit 3 goes to another instance, which stores page 3 and its suspend data.
    await storedElsewhere(attempt.attempt_id, 3, pageCmi(3));

    // Commit 4 comes back here and sends only what changed: the suspend data is as stored by the other instance.
    const { core } = pageCmi(4);
    const answer = await commit(4, { core }, ['suspend_data', 'interactions', 'objectives']);
    expect(answer.body).toEqual({ result: true, errorCode: 0 });
    const [stored] = await database.db
      .select()
      .from(scormAttemptData)
      .where(eq(scormAttemptData.attemptId, attempt.attempt_id));
    expect(stored?.cmi).toMatchObject({ core: { lesson_location: 'page-4' }, suspend_data: pageCmi(3).suspend_data });
    expect(
      (await database.db.select().from(scormAttempts).where(eq(scormAttempts.id, attempt.attempt_id)))[0],
    ).toMatchObject({
      commitCount: 4,
      location: 'page-4',
    });

    // A commit already stored elsewhere is answered from the database, not from what this instance kept.
    expect((await commit(3, pageCmi(3))).body).toMatchObject({ result: false, stale: true });
  });

  it('a class paging on at once: each learner’s page and time are stored as their own', async () => {
    const learners = [];
    for (let n = 0; n < 4; n += 1) learners.push(await learnerInAttempt());
    for (const learner of learners) expect((await learner.commit(1, pageCmi(1))).status).toBe(200);
    const before = await Promise.all(learners.map((learner) => learner.learningTime()));

    // Learner n reports n + 1 s more a page; their commits of each page arrive together.
    for (let page = 2; page <= 4; page += 1) {
      const answers = await Promise.all(
        learners.map((learner, n) =>
          learner.commit(page, pageCmi(page, { sessionTime: `00:00:${10 + (n + 1) * (page - 1)}` })),
        ),
      );
      for (const answer of answers) expect(answer).toEqual({ status: 200, body: { result: true, errorCode: 0 } });
    }
    for (const [n, learner] of learners.entries()) {
      const [stored] = await database.db
        .select()
        .from(scormAttempts)
        .where(eq(scormAttempts.id, learner.attempt.attempt_id));
      expect(stored).toMatchObject({ commitCount: 4, location: 'page-4', totalTimeSeconds: 10 + 3 * (n + 1) });
      const [data] = await database.db
        .select()
        .from(scormAttemptData)
        .where(eq(scormAttemptData.attemptId, learner.attempt.attempt_id));
      expect(data?.cmi).toMatchObject({ suspend_data: '{"seen":[1,2,3,4]}' });
      expect((await learner.learningTime()) - (before[n] ?? 0)).toBe(3 * (n + 1));
    }
  });

  it('one statement saves several learners’ quiet commits, each against its own version', async () => {
    const learners = [];
    for (let n = 0; n < 3; n += 1) learners.push(await learnerInAttempt());
    for (const learner of learners) expect((await learner.commit(1, pageCmi(1))).status).toBe(200);
    const read = await Promise.all(
      learners.map(
        async (learner) =>
          (
            await database.db
              .select({ version: sql<string>`${scormAttempts}.xmin::text`.as('version') })
              .from(scormAttempts)
              .where(eq(scormAttempts.id, learner.attempt.attempt_id))
          )[0]?.version ?? '',
      ),
    );
    const before = await Promise.all(learners.map((learner) => learner.learningTime()));
    const activity = createActivityRepository({ db: database.db });
    const saved = await createScormAttemptsRepository({ db: database.db }).saveCommitsAtOnce(
      learners.map((learner, n) => ({
        learnerId: learner.learner.id,
        attemptId: learner.attempt.attempt_id,
        // The second attempt changed since it was read.
        version: n === 1 ? '1' : (read[n] ?? ''),
        changes: { location: `page-${2 + n}`, commitCount: 2 },
        cmi: pageCmi(2 + n),
        seconds: 5 + n,
      })),
      (gained) => activity.timeEndingNowForManySteps('scorm', gained),
    );
    expect(saved[1]).toBeUndefined();
    for (const [n, learner] of learners.entries()) {
      const [stored] = await database.db
        .select()
        .from(scormAttempts)
        .where(eq(scormAttempts.id, learner.attempt.attempt_id));
      const gained = (await learner.learningTime()) - (before[n] ?? 0);
      if (n === 1) {
        expect(stored).toMatchObject({ commitCount: 1, location: 'page-1' });
        expect(gained).toBe(0);
      } else {
        expect(stored).toMatchObject({ commitCount: 2, location: `page-${2 + n}` });
        expect(saved[n]?.updatedAt).toEqual(stored?.updatedAt);
        expect(gained).toBe(5 + n);
      }
    }
  });
});
