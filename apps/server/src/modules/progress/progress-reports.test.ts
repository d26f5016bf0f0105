import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { testTargets } from '../../testing/test-app.ts';
import { createActivityRepository } from '../activity/activity.repository.ts';
import type { Person } from '../courses/courses.testing.ts';
import type { DomainEvent } from '../events/domain-event.types.ts';
import { insertReadyScormPackage } from '../scorm/scorm.testing.ts';
import { lessonProgress, quizAttempts } from './progress.table.ts';
import { type ProgressSuite, startProgressSuite } from './progress.testing.ts';

describe.each(testTargets())('learning progress on $name', (target) => {
  let close: () => Promise<void>;
  let app: App;
  let database: Database;
  let admin: Person;
  let learner: Person;
  let other: Person;
  let events: DomainEvent[];
  let author: ProgressSuite['author'];
  let get: ProgressSuite['get'];
  let post: ProgressSuite['post'];
  let outline: ProgressSuite['outline'];
  let publishJourneyCourse: ProgressSuite['publishJourneyCourse'];
  let rightAnswers: ProgressSuite['rightAnswers'];

  beforeAll(async () => {
    ({
      close,
      app,
      database,
      admin,
      learner,
      other,
      events,
      author,
      get,
      post,
      outline,
      publishJourneyCourse,
      rightAnswers,
    } = await startProgressSuite(target));
  });
  afterAll(async () => {
    await close();
  });

  /** The other learner's lesson time in the hourly ledger that weekly goals, the home and analytics add up. */
  const ledger = () =>
    createActivityRepository({ db: database.db }).secondsBetween(other.userId, {
      from: new Date(Date.now() - 86_400_000),
      to: new Date(Date.now() + 3_600_000),
      sources: ['lesson'],
    });

  it('a course above the learner’s plan is listed with an upgrade prompt, and its lessons are refused by the server', async () => {
    const { course, text, quiz, pdf } = await publishJourneyCourse('Premium depth', 'universal');

    const listed = (await get(learner, '/api/courses?search=premium')).json().courses[0];
    expect(listed).toMatchObject({ id: course.id, accessible: false, required_tier: 'universal' });
    expect((await get(learner, '/api/courses?access=available&search=premium')).json().courses).toEqual([]);
    expect(
      (await get(learner, '/api/courses?tier=universal&access=locked'))
        .json()
        .courses.map((row: { id: string }) => row.id),
    ).toContain(course.id);
    expect((await outline(learner, course.id)).course.accessible).toBe(false);

    for (const response of [
      await get(learner, `/api/lessons/${text.id}`),
      await get(learner, `/api/lessons/${pdf.id}/media`),
      await post(learner, `/api/lessons/${text.id}/progress`, { kind: 'text' }),
      await post(learner, `/api/lessons/${quiz.id}/quiz-attempts`, { answers: [] }),
    ]) {
      expect(response.statusCode).toBe(402);
      expect(response.json().error).toMatchObject({ code: 'subscription_required', reasons: ['universal'] });
    }
    expect(await database.db.$count(lessonProgress, eq(lessonProgress.courseId, course.id))).toBe(0);
  });

  it('bad progress reports answer 4xx and change nothing', async () => {
    const { text, quiz, video } = await publishJourneyCourse('Careful reporting');
    await get(other, `/api/lessons/${text.id}`);
    const snapshot = async () =>
      database.db
        .select()
        .from(lessonProgress)
        .where(eq(lessonProgress.userId, other.userId))
        .orderBy(lessonProgress.lessonId);
    const before = await snapshot();
    const attemptsBefore = await database.db.$count(quizAttempts);

    const bad = [
      await post(other, `/api/lessons/${text.id}/progress`, { kind: 'video', ranges: [], position: 0 }),
      await post(other, `/api/lessons/${text.id}/progress`, { kind: 'pdf', page: 1 }),
      await post(other, `/api/lessons/${text.id}/progress`, { kind: 'text', extra: true }),
      await post(other, `/api/lessons/${video.id}/progress`, { kind: 'video', ranges: [[10, 5]], position: 0 }),
      await post(other, `/api/lessons/${quiz.id}/quiz-attempts`, {
        answers: [{ question_id: 'nope', choice_ids: [] }],
      }),
      await post(other, `/api/lessons/${randomUUID()}/progress`, { kind: 'text' }),
      await post(other, '/api/lessons/not-a-uuid/progress', { kind: 'text' }),
    ];
    expect(bad.map((response) => response.statusCode)).toEqual([400, 400, 400, 400, 400, 404, 400]);
    expect(
      (await post({ ...other, headers: { cookie: '' } }, `/api/lessons/${text.id}/progress`, { kind: 'text' }))
        .statusCode,
    ).toBe(401);
    expect(await snapshot()).toEqual(before);
    expect(await database.db.$count(quizAttempts)).toBe(attemptsBefore);
  });

  it('time spent adds the gaps between reports and leaves out pauses', async () => {
    const { text } = await publishJourneyCourse('Timed reading');
    await get(other, `/api/lessons/${text.id}`);
    const rewindActivity = (seconds: number) =>
      database.db
        .update(lessonProgress)
        .set({ lastActivityAt: sql`now() - make_interval(secs => ${seconds})` })
        .where(and(eq(lessonProgress.userId, other.userId), eq(lessonProgress.lessonId, text.id)));
    const ledgerBefore = await ledger();
    await rewindActivity(20);
    const active = (await post(other, `/api/lessons/${text.id}/progress`, { kind: 'text' })).json();
    expect(active.progress.time_spent_seconds).toBeGreaterThanOrEqual(20);
    expect(active.progress.time_spent_seconds).toBeLessThan(30);
    // The same seconds reach the hourly ledger that weekly goals, the home and analytics add up.
    expect((await ledger()) - ledgerBefore).toBe(active.progress.time_spent_seconds);
    await rewindActivity(2 * 3600);
    const afterPause = (await post(other, `/api/lessons/${text.id}/progress`, { kind: 'text' })).json();
    expect(afterPause.progress.time_spent_seconds).toBe(active.progress.time_spent_seconds);
    expect((await ledger()) - ledgerBefore).toBe(active.progress.time_spent_seconds);
  });

  it('reports from several tabs at once, while the quiz is passed, count each second once and lose no completion', async () => {
    const { course, text, quiz } = await publishJourneyCourse('Busy tabs');
    await get(other, `/api/lessons/${text.id}`);
    const quizView = (await get(other, `/api/lessons/${quiz.id}`)).json();
    await database.db
      .update(lessonProgress)
      .set({ lastActivityAt: sql`now() - make_interval(secs => 30)` })
      .where(and(eq(lessonProgress.userId, other.userId), eq(lessonProgress.lessonId, text.id)));
    const timeOf = async (lessonId: string) =>
      (
        await database.db
          .select({ seconds: lessonProgress.timeSpentSeconds })
          .from(lessonProgress)
          .where(and(eq(lessonProgress.userId, other.userId), eq(lessonProgress.lessonId, lessonId)))
      )[0]?.seconds ?? 0;
    const ledgerBefore = await ledger();
    const lessonsBefore = (await timeOf(text.id)) + (await timeOf(quiz.id));

    const responses = await Promise.all([
      ...Array.from({ length: 8 }, () => post(other, `/api/lessons/${text.id}/progress`, { kind: 'text' })),
      post(other, `/api/lessons/${quiz.id}/quiz-attempts`, { answers: rightAnswers(quizView) }),
      ...Array.from({ length: 8 }, () => post(other, `/api/lessons/${text.id}/progress`, { kind: 'text' })),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));

    // The 30 s since the last activity were earned once, however many tabs reported them.
    const textTime = await timeOf(text.id);
    expect(textTime).toBeGreaterThanOrEqual(30);
    expect(textTime).toBeLessThan(40);
    const lessonsGained = textTime + (await timeOf(quiz.id)) - lessonsBefore;
    expect((await ledger()) - ledgerBefore).toBe(lessonsGained);
    // The quiz completed while the reports were saved, and the course counts it.
    const standing = (await outline(other, course.id)).progress;
    expect(standing).toMatchObject({ lessons_completed: 1, percent: 25 });
  });

  it('a completed SCORM package completes the lesson that embeds it, once, however often the event arrives', async () => {
    // A processed package with one SCO (ingest itself is covered by the SCORM module's tests).
    const { packageId, scoId } = await insertReadyScormPackage(database.db);
    const course = await author.createCourse({ title: 'Packaged learning' });
    const module = await author.createModule(course.id, { title: 'Only module' });
    const lesson = await author.createLesson(module.id, {
      title: 'Interactive',
      content: { kind: 'scorm', package_id: packageId },
    });
    await author.publish(course.id);
    const view = (await get(learner, `/api/lessons/${lesson.id}`)).json();
    // Opening the lesson enrols the learner in the package and points at the player on that enrolment.
    expect(view.content).toMatchObject({ kind: 'scorm', package_id: packageId });
    const launch = /^\/scorm\/launch\/([0-9a-f-]{36})\/([0-9a-f-]{36})$/.exec(view.content.launch_url);
    expect(launch?.[2]).toBe(scoId);
    const session = await get(learner, `/api/scorm/launch/${launch?.[1]}`);
    expect(session.statusCode).toBe(200);
    expect((await get(other, `/api/scorm/launch/${launch?.[1]}`)).statusCode).toBe(404);

    for (const type of ['scorm.completed', 'scorm.passed'] as const) {
      await app.domainEvents.record(database.db, {
        type,
        userId: learner.userId,
        subjectId: packageId,
        payload: {
          packageId,
          enrollmentId: randomUUID(),
          scoId: 'sco-1',
          ...(type === 'scorm.passed' ? { score: 90 } : {}),
        },
      } as Parameters<App['domainEvents']['record']>[1]);
    }
    await app.domainEvents.drain();
    await app.domainEvents.drain();

    expect((await outline(learner, course.id)).progress).toMatchObject({ status: 'completed', percent: 100 });
    expect((await outline(other, course.id)).progress.status).toBe('not_started');
    expect(events.filter((event) => event.type === 'course.completed' && event.subjectId === course.id)).toHaveLength(
      1,
    );
    expect(events.filter((event) => event.type === 'lesson.completed' && event.subjectId === lesson.id)).toHaveLength(
      1,
    );
  });

  it('lesson files are served with HTTP Range support to learners who may open them', async () => {
    const { pdf } = await publishJourneyCourse('Ranged files');
    const full = await get(admin, `/api/lessons/${pdf.id}/media`);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('application/pdf');
    expect(full.headers['accept-ranges']).toBe('bytes');
    const size = full.rawPayload.length;

    const part = await app.inject({
      method: 'GET',
      url: `/api/lessons/${pdf.id}/media`,
      headers: { ...admin.headers, range: 'bytes=0-9' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${size}`);
    expect(part.rawPayload.toString('latin1')).toBe(full.rawPayload.subarray(0, 10).toString('latin1'));
    const beyond = await app.inject({
      method: 'GET',
      url: `/api/lessons/${pdf.id}/media`,
      headers: { ...admin.headers, range: `bytes=${size + 10}-` },
    });
    expect(beyond.statusCode).toBe(416);

    // The PDF sits in a module the learner has not unlocked yet.
    expect((await get(learner, `/api/lessons/${pdf.id}/media`)).statusCode).toBe(403);
  });
});
