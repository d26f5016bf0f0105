import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testTargets } from '../../testing/test-app.ts';
import { courseProgress } from './progress.table.ts';
import { type ProgressSuite, startProgressSuite } from './progress.testing.ts';

describe.each(testTargets())('a course that changes shape under its learners, on $name', (target) => {
  let suite: ProgressSuite;

  beforeAll(async () => {
    suite = await startProgressSuite(target);
  });
  afterAll(async () => {
    await suite.close();
  });

  /** A published course of one module with three text lessons. */
  async function threeLessonCourse(title: string) {
    const { author } = suite;
    const course = await author.createCourse({ title, required_tier: 'calm', description: 'Short.' });
    const module = await author.createModule(course.id, { title: 'Only module' });
    const lessons = [];
    for (const name of ['One', 'Two', 'Three']) {
      lessons.push(await author.createLesson(module.id, { title: name, content: { kind: 'text', markdown: name } }));
    }
    await author.publish(course.id);
    return { course, module, lessons };
  }

  /** The learner reads the lesson for six seconds, which completes it. */
  async function read(person: ProgressSuite['learner'], lessonId: string) {
    await suite.get(person, `/api/lessons/${lessonId}`);
    await suite.timePasses(person, lessonId, 6);
    const report = await suite.post(person, `/api/lessons/${lessonId}/progress`, { kind: 'text' });
    expect(report.json().progress.status).toBe('completed');
  }

  const completedAt = async (userId: string, courseId: string) => {
    const [row] = await suite.database.db
      .select({ completedAt: courseProgress.completedAt, percent: courseProgress.percent })
      .from(courseProgress)
      .where(and(eq(courseProgress.userId, userId), eq(courseProgress.courseId, courseId)));
    return row;
  };

  it('removing the one lesson a learner had left completes the course for them, with its XP event, once', async () => {
    const { learner, other, author, events, outline } = suite;
    const { course, module, lessons } = await threeLessonCourse('Almost finished');
    const [one, two, three] = lessons;
    if (!one || !two || !three) throw new Error('lessons missing');
    await read(learner, one.id);
    await read(learner, two.id);
    await read(other, one.id);
    expect((await outline(learner, course.id)).progress).toMatchObject({ status: 'in_progress', percent: 66 });

    await author.call('DELETE', `/api/admin/lessons/${three.id}`, undefined, 204);

    await vi.waitFor(async () => expect((await completedAt(learner.userId, course.id))?.completedAt).toBeTruthy(), {
      timeout: 5000,
    });
    expect((await outline(learner, course.id)).progress).toMatchObject({ status: 'completed', percent: 100 });
    const mine = (type: string) =>
      events.filter((event) => event.type === type && event.userId === learner.userId && event.subjectId);
    // Events reach their subscribers (XP, goals) after the change commits.
    await vi.waitFor(
      () => {
        expect(mine('course.completed').filter((event) => event.subjectId === course.id)).toHaveLength(1);
        expect(mine('module.completed').filter((event) => event.subjectId === module.id)).toHaveLength(1);
      },
      { timeout: 5000 },
    );

    // The learner who read one of the two lessons left is half way, and still on the course; nothing of theirs is
    // completed, and their activity was not moved by the change.
    const theirs = await completedAt(other.userId, course.id);
    expect(theirs).toMatchObject({ completedAt: null, percent: 50 });
    expect(
      events.some(
        (event) => event.userId === other.userId && event.subjectId === course.id && event.type === 'course.completed',
      ),
    ).toBe(false);
  });

  it('moving the lesson a learner had left into another module completes the module they finished', async () => {
    const { learner, author, events } = suite;
    const { course, module, lessons } = await threeLessonCourse('Moved around');
    const [one, two, three] = lessons;
    if (!one || !two || !three) throw new Error('lessons missing');
    const later = await author.createModule(course.id, { title: 'Later module' });
    await read(learner, one.id);
    await read(learner, two.id);

    await author.call('POST', `/api/admin/lessons/${three.id}/move`, { module_id: later.id, position: 0 });

    await vi.waitFor(
      () =>
        expect(
          events.filter((event) => event.type === 'module.completed' && event.subjectId === module.id),
        ).toHaveLength(1),
      { timeout: 5000 },
    );
    expect((await completedAt(learner.userId, course.id))?.completedAt).toBeNull();
  });
});
