import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { testTargets } from '../../testing/test-app.ts';
import type { Person } from '../courses/courses.testing.ts';
import type { DomainEvent } from '../events/domain-event.types.ts';
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
  let timePasses: ProgressSuite['timePasses'];
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
      timePasses,
      publishJourneyCourse,
      rightAnswers,
    } = await startProgressSuite(target));
  });
  afterAll(async () => {
    await close();
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
});
