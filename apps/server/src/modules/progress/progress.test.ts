import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { createActivityRepository } from '../activity/activity.repository.ts';
import {
  authoring,
  createPerson,
  makePdf,
  type Person,
  QUIZ_CONTENT,
  recordDomainEvents,
} from '../courses/courses.testing.ts';
import type { DomainEvent } from '../events/domain-event.types.ts';
import { insertReadyScormPackage } from '../scorm/scorm.testing.ts';
import { lessonProgress, quizAttempts } from './progress.table.ts';

type Outline = {
  course: { accessible: boolean };
  progress: { status: string; percent: number; lessons_completed: number };
  modules: {
    id: string;
    locked: boolean;
    completed: boolean;
    lessons: { id: string; kind: string; progress: { status: string } }[];
  }[];
  resume: { lesson_id: string; reason: string; position: number | null } | null;
};

describe.each(testTargets())('learning progress on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let admin: Person;
  let learner: Person;
  let other: Person;
  let events: DomainEvent[];
  let author: ReturnType<typeof authoring>;

  const get = (person: Person, url: string) => app.inject({ method: 'GET', url, headers: person.headers });
  const post = (person: Person, url: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url, headers: person.headers, payload });
  const outline = async (person: Person, courseId: string) =>
    (await get(person, `/api/courses/${courseId}/outline`)).json<Outline>();

  /** Moves the learner's clocks for a lesson into the past, as if time had passed. */
  const timePasses = async (person: Person, lessonId: string, seconds: number) => {
    await database.db
      .update(lessonProgress)
      .set({
        firstOpenedAt: sql`${lessonProgress.firstOpenedAt} - make_interval(secs => ${seconds})`,
        lastReportAt: sql`${lessonProgress.lastReportAt} - make_interval(secs => ${seconds})`,
      })
      .where(and(eq(lessonProgress.userId, person.userId), eq(lessonProgress.lessonId, lessonId)));
  };

  /** A published course: module 1 (text, quiz), module 2 needing module 1 (PDF of 3 pages, 20 s video by URL). */
  async function publishJourneyCourse(title: string, requiredTier = 'calm') {
    const course = await author.createCourse({
      title,
      required_tier: requiredTier,
      description: 'A course to finish.',
    });
    const first = await author.createModule(course.id, { title: 'Foundations' });
    const second = await author.createModule(course.id, { title: 'Practice', prerequisite_module_id: first.id });
    const text = await author.createLesson(first.id, {
      title: 'Why tests work',
      content: { kind: 'text', markdown: '# Read me' },
    });
    const quiz = await author.createLesson(first.id, { title: 'Check yourself', content: QUIZ_CONTENT });
    const pdf = await author.createLesson(second.id, { title: 'Handout', content: { kind: 'pdf' } });
    await author.upload(`/api/admin/lessons/${pdf.id}/pdf`, await makePdf(3), 'application/pdf');
    const video = await author.createLesson(second.id, {
      title: 'Watch',
      content: { kind: 'video', source: 'url', url: 'https://videos.example.com/watch.mp4', duration_seconds: 20 },
    });
    await author.publish(course.id);
    return { course, first, second, text, quiz, pdf, video };
  }

  const rightAnswers = (quizView: {
    content: { questions: { id: string; choices: { id: string; text: string }[] }[] };
  }) => {
    const [single, multiple] = quizView.content.questions;
    const pick = (question: typeof single, texts: string[]) => ({
      question_id: question?.id ?? '',
      choice_ids: (question?.choices ?? []).filter((choice) => texts.includes(choice.text)).map((choice) => choice.id),
    });
    return [pick(single, ['Testing yourself']), pick(multiple, ['Flashcards', 'Review calendar'])];
  };

  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-progress-'));

  beforeAll(async () => {
    const started = await startTestApp(target, { dataDir });
    app = started.app;
    database = started.database;
    close = started.close;
    events = recordDomainEvents(app);
    [admin, learner, other] = await Promise.all([
      createPerson(app, database.db, { role: 'admin', tier: 'calm' }),
      createPerson(app, database.db, { role: 'learner', tier: 'me' }),
      createPerson(app, database.db, { role: 'learner', tier: 'me' }),
    ]);
    author = authoring(app, admin);
  });
  afterAll(async () => {
    await close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a learner finds a published course, completes it lesson by lesson, and each completion happens once', async () => {
    const { course, first, second, text, quiz, pdf, video } = await publishJourneyCourse('Learning that lasts');

    const catalogue = (await get(learner, '/api/courses?search=lasts')).json();
    expect(catalogue.courses).toEqual([
      expect.objectContaining({
        id: course.id,
        accessible: true,
        lesson_count: 4,
        progress: expect.objectContaining({ status: 'not_started' }),
      }),
    ]);
    let state = await outline(learner, course.id);
    expect(state.modules.map((module) => module.locked)).toEqual([false, true]);
    expect(state.resume).toMatchObject({ lesson_id: text.id, reason: 'next_up' });

    const locked = await get(learner, `/api/lessons/${pdf.id}`);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error.code).toBe('lesson_locked');

    // Text: reading for under five seconds does not count; after five seconds it does, once.
    const opened = await get(learner, `/api/lessons/${text.id}`);
    expect(opened.json()).toMatchObject({
      content: { kind: 'text', html: '<h1>Read me</h1>\n' },
      next_lesson: { id: quiz.id },
    });
    const early = (await post(learner, `/api/lessons/${text.id}/progress`, { kind: 'text' })).json();
    expect(early).toMatchObject({ progress: { status: 'in_progress' }, changes: { lesson_completed_now: false } });
    await timePasses(learner, text.id, 6);
    const read = (await post(learner, `/api/lessons/${text.id}/progress`, { kind: 'text' })).json();
    expect(read).toMatchObject({
      progress: { status: 'completed' },
      changes: { lesson_completed_now: true, module_completed_now: false },
    });
    const again = (await post(learner, `/api/lessons/${text.id}/progress`, { kind: 'text' })).json();
    expect(again.changes.lesson_completed_now).toBe(false);

    // Quiz: answers never reach the learner before submitting; grading happens on the server.
    const quizView = await get(learner, `/api/lessons/${quiz.id}`);
    expect(quizView.body).not.toMatch(/"correct"|feedback/);
    const wrong = await post(learner, `/api/lessons/${quiz.id}/quiz-attempts`, { answers: [] });
    expect(wrong.json()).toMatchObject({
      result: { score: 0, passed: false, pass_mark: 60 },
      changes: { quiz_passed_now: false },
    });
    expect(wrong.json().result.questions[0].feedback).toBe('Re-reading feels good but tests work better.');
    const passed = (
      await post(learner, `/api/lessons/${quiz.id}/quiz-attempts`, { answers: rightAnswers(quizView.json()) })
    ).json();
    expect(passed).toMatchObject({
      result: { score: 100, passed: true },
      progress: { status: 'completed', best_score: 100, attempts: 2 },
      changes: {
        quiz_passed_now: true,
        lesson_completed_now: true,
        module_completed_now: true,
        course_completed_now: false,
      },
    });
    state = await outline(learner, course.id);
    expect(state.modules.map((module) => [module.completed, module.locked])).toEqual([
      [true, false],
      [false, false],
    ]);

    // PDF: pages beyond the document are refused; the last page completes it.
    await get(learner, `/api/lessons/${pdf.id}`);
    expect((await post(learner, `/api/lessons/${pdf.id}/progress`, { kind: 'pdf', page: 4 })).statusCode).toBe(400);
    const middle = (await post(learner, `/api/lessons/${pdf.id}/progress`, { kind: 'pdf', page: 2 })).json();
    expect(middle.progress).toMatchObject({ status: 'in_progress', position: 2, percent: 66 });
    expect((await outline(learner, course.id)).resume).toMatchObject({
      lesson_id: pdf.id,
      reason: 'last_opened',
      position: 2,
    });
    const lastPage = (await post(learner, `/api/lessons/${pdf.id}/progress`, { kind: 'pdf', page: 3 })).json();
    expect(lastPage.progress.status).toBe('completed');

    // Video: jumping to the end completes nothing; really watching does.
    await get(learner, `/api/lessons/${video.id}`);
    const seek = (
      await post(learner, `/api/lessons/${video.id}/progress`, { kind: 'video', ranges: [[0, 20]], position: 20 })
    ).json();
    expect(seek).toMatchObject({
      capped: true,
      progress: { status: 'in_progress' },
      changes: { lesson_completed_now: false },
    });
    expect(seek.credited_seconds).toBeLessThan(5);
    await timePasses(learner, video.id, 30);
    const watched = (
      await post(learner, `/api/lessons/${video.id}/progress`, { kind: 'video', ranges: [[0, 20]], position: 20 })
    ).json();
    expect(watched).toMatchObject({
      capped: false,
      progress: { status: 'completed', percent: 100 },
      changes: { lesson_completed_now: true, module_completed_now: true, course_completed_now: true },
      course_progress: { status: 'completed', percent: 100, lessons_completed: 4, lessons_total: 4 },
    });

    await app.domainEvents.drain();
    const mine = events.filter((event) => event.userId === learner.userId);
    const count = (type: string, subjectId: string) =>
      mine.filter((event) => event.type === type && event.subjectId === subjectId).length;
    expect([text, quiz, pdf, video].map((lesson) => count('lesson.completed', lesson.id))).toEqual([1, 1, 1, 1]);
    expect([first, second].map((module) => count('module.completed', module.id))).toEqual([1, 1]);
    expect(count('course.completed', course.id)).toBe(1);
    expect(count('quiz.passed', quiz.id)).toBe(1);
    expect(mine.find((event) => event.type === 'quiz.passed')?.payload).toMatchObject({ score: 100, passMark: 60 });

    const library = (await get(learner, '/api/courses/library')).json();
    expect(library.counts).toEqual({ enrolled: 1, in_progress: 0, completed: 1 });
    expect(library.courses[0]).toMatchObject({ id: course.id, progress: { status: 'completed', percent: 100 } });

    const learningState = (await get(learner, `/api/learning-state/courses/${course.id}`)).json();
    expect(learningState.modules[0]).toMatchObject({
      lessons_completed: 2,
      lessons_total: 2,
      completed: true,
      quiz_scores: [{ lesson_id: quiz.id, best_score: 100, passed: true, attempts: 2, pass_mark: 60 }],
      next_lesson: null,
    });
    expect(learningState.time_spent_seconds).toBeGreaterThanOrEqual(0);
    const embed = (await get(learner, `/api/learning-state/modules/${second.id}`)).json();
    expect(embed).toMatchObject({ course: { id: course.id }, module: { module_id: second.id, lessons_completed: 2 } });

    // Another learner sees none of this and their activity changes none of it.
    const theirs = await outline(other, course.id);
    expect(theirs.progress).toMatchObject({ status: 'not_started', lessons_completed: 0 });
    expect(theirs.modules[1]?.locked).toBe(true);
    expect((await get(other, '/api/courses/library')).json().counts.enrolled).toBe(0);
    await get(other, `/api/lessons/${text.id}`);
    await post(other, `/api/lessons/${quiz.id}/quiz-attempts`, { answers: [] });
    expect((await get(other, `/api/learning-state/courses/${course.id}`)).json().modules[0]).toMatchObject({
      lessons_completed: 0,
      quiz_scores: [{ best_score: 0, attempts: 1, passed: false }],
    });
    expect((await outline(learner, course.id)).progress).toMatchObject({ status: 'completed', lessons_completed: 4 });
    const learnersAttempts = await database.db.$count(quizAttempts, eq(quizAttempts.userId, learner.userId));
    expect(learnersAttempts).toBe(2);
  });

  it('practice serves questions from completed quizzes without answers, checks them, and changes no progress', async () => {
    expect((await get(other, '/api/practice/questions?limit=5')).json().questions).toEqual([]);
    const response = await get(learner, '/api/practice/questions?limit=5');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/"correct"|feedback/);
    const questions = response.json().questions as {
      id: string;
      prompt: string;
      choices: { id: string; text: string }[];
    }[];
    expect(questions.length).toBe(2);
    const single = questions.find((question) => question.prompt.startsWith('Which habit'));
    const right = single?.choices.find((choice) => choice.text === 'Testing yourself');
    const before = await database.db.$count(quizAttempts);

    const check = await post(learner, '/api/practice/check', { question_id: single?.id, choice_ids: [right?.id] });
    expect(check.json()).toEqual({
      correct: true,
      feedback: 'Yes: retrieval practice strengthens memory.',
      correct_choice_ids: [right?.id],
    });
    const notTheirs = await post(other, '/api/practice/check', { question_id: single?.id, choice_ids: [right?.id] });
    expect(notTheirs.statusCode).toBe(404);
    expect((await get(learner, '/api/practice/questions?limit=0')).statusCode).toBe(400);
    expect(await database.db.$count(quizAttempts)).toBe(before);
  });

  it('an unpublished course is invisible to learners everywhere, while admins can preview it', async () => {
    const { course, first, text, pdf } = await publishJourneyCourse('Soon to be hidden');
    await author.call('POST', `/api/admin/courses/${course.id}/unpublish`);

    expect((await get(learner, '/api/courses?search=hidden')).json().courses).toEqual([]);
    const urls = [
      `/api/courses/${course.id}/outline`,
      `/api/courses/by-slug/${course.slug}/outline`,
      `/api/courses/${course.id}/resume`,
      `/api/lessons/${text.id}`,
      `/api/lessons/${pdf.id}/media`,
      `/api/learning-state/courses/${course.id}`,
      `/api/learning-state/modules/${first.id}`,
    ];
    for (const url of urls) expect((await get(learner, url)).statusCode, url).toBe(404);
    expect((await post(learner, `/api/lessons/${text.id}/progress`, { kind: 'text' })).statusCode).toBe(404);
    expect(await database.db.$count(lessonProgress, eq(lessonProgress.lessonId, text.id))).toBe(0);

    expect((await get(admin, `/api/courses/by-slug/${course.slug}/outline`)).statusCode).toBe(200);
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
    const ledger = () =>
      createActivityRepository({ db: database.db }).secondsBetween(other.userId, {
        from: new Date(Date.now() - 86_400_000),
        to: new Date(Date.now() + 3_600_000),
        sources: ['lesson'],
      });
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
