import { randomUUID } from 'node:crypto';
import type { LearnerAnalytics, LearnerHome } from '@portal/shared/analytics';
import { shiftLocalDate, startOfLocalDate, todayIn } from '@portal/shared/time-zone';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { type SignedIn, signUpSubscribed, subscribe } from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { createActivityRepository } from '../activity/activity.repository.ts';
import { courseModules, courses, lessons } from '../courses/courses.table.ts';
import { profiles } from '../profile/profile.table.ts';
import { courseProgress, lessonProgress, quizAttempts } from '../progress/progress.table.ts';

const ZONE = 'Asia/Shanghai';

describe.each(testTargets())('learner home and analytics on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let learner: SignedIn;
  let stranger: SignedIn;
  const ids = { inProgress: randomUUID(), done: randomUUID(), quizLesson: randomUUID() };

  const addCourse = async (id: string, title: string) => {
    await database.db.insert(courses).values({ id, slug: `c-${id}`, title, status: 'published' });
    const [module] = await database.db
      .insert(courseModules)
      .values({ courseId: id, position: 0, title: 'M' })
      .returning();
    return module?.id ?? '';
  };

  beforeAll(async () => {
    ({ app, database, close } = await startTestApp(target));
    learner = await signUpSubscribed(app, 'calm');
    stranger = await signUpSubscribed(app, 'calm');
    // Profiles exist once the user has signed in.
    await database.db.update(profiles).set({ timezone: ZONE }).where(eq(profiles.id, learner.userId));

    const moduleId = await addCourse(ids.inProgress, 'Study skills that stick');
    await addCourse(ids.done, 'Data privacy basics');
    await database.db.insert(lessons).values({
      id: ids.quizLesson,
      moduleId,
      courseId: ids.inProgress,
      position: 0,
      kind: 'quiz',
      title: 'Check your memory',
      content: { kind: 'quiz', pass_mark: 70, questions: [] },
    });
    await database.db.insert(courseProgress).values([
      { userId: learner.userId, courseId: ids.inProgress, percent: 40, lastLessonId: ids.quizLesson },
      { userId: learner.userId, courseId: ids.done, percent: 100, completedAt: new Date() },
    ]);
    await database.db.insert(lessonProgress).values({
      userId: learner.userId,
      lessonId: ids.quizLesson,
      courseId: ids.inProgress,
      completedAt: new Date(),
      status: 'completed',
    });
    await database.db.insert(quizAttempts).values({
      userId: learner.userId,
      lessonId: ids.quizLesson,
      courseId: ids.inProgress,
      score: 50,
      passed: false,
      passMark: 70,
      results: [],
    });
    const activity = createActivityRepository({ db: database.db });
    // Sessions lie wholly inside one local day (a session across midnight is split between the two days).
    const endOfToday = new Date(Math.max(Date.now(), startOfLocalDate(todayIn(ZONE), ZONE).getTime() + 30 * 60_000));
    await activity.addTime({ userId: learner.userId, endedAt: endOfToday, seconds: 25 * 60, source: 'study' });
    await activity.addTime({
      userId: learner.userId,
      endedAt: new Date(endOfToday.getTime() - 86_400_000),
      seconds: 600,
      source: 'lesson',
    });
  });
  afterAll(async () => {
    await close();
  });

  const home = (who: SignedIn) =>
    app.inject({ method: 'GET', url: '/api/analytics/home', headers: { cookie: who.cookie } });

  it('shows the learner their own stats, 14 days in their time zone, and what to do next', async () => {
    const response = await home(learner);
    expect(response.statusCode).toBe(200);
    const body = response.json<LearnerHome>();
    expect(body.time_zone).toBe(ZONE);
    expect(body.stats).toMatchObject({ active_courses: 1, completed_courses: 1, study_minutes_total: 35 });
    expect(body.daily).toHaveLength(14);
    const today = todayIn(ZONE);
    expect(body.daily.at(-1)).toMatchObject({ date: today, study_minutes: 25 });
    expect(body.daily.at(-2)?.date).toBe(shiftLocalDate(today, -1));
    expect(body.daily.reduce((sum, day) => sum + day.study_minutes, 0)).toBe(35);
    expect(body.insights).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'resume_course', course_id: ids.inProgress, percent: 40 }),
        expect.objectContaining({ kind: 'retry_quiz', lesson_title: 'Check your memory', score: 50, pass_mark: 70 }),
      ]),
    );
  });

  it('another learner sees none of it', async () => {
    const body = (await home(stranger)).json<LearnerHome>();
    expect(body.stats).toMatchObject({ active_courses: 0, completed_courses: 0, study_minutes_total: 0 });
    expect(body.insights).toEqual([{ kind: 'start_course' }]);
  });

  it('the analytics screen needs the me plan, then answers for any valid range', async () => {
    const today = todayIn(ZONE);
    const url = `/api/analytics/learner?from=${shiftLocalDate(today, -29)}&to=${today}`;
    const refused = await app.inject({ method: 'GET', url, headers: { cookie: learner.cookie } });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ error: { code: 'subscription_required', reasons: ['me'] } });

    await subscribe(app, learner, 'me');
    const response = await app.inject({ method: 'GET', url, headers: { cookie: learner.cookie } });
    expect(response.statusCode).toBe(200);
    const body = response.json<LearnerAnalytics>();
    expect(body.daily).toHaveLength(30);
    expect(body.totals).toMatchObject({ study_minutes: 35, lessons_completed: 1, quizzes_taken: 1, active_days: 2 });
    expect(body.courses.map((course) => course.title).sort()).toEqual([
      'Data privacy basics',
      'Study skills that stick',
    ]);
    expect(body.quizzes[0]).toMatchObject({
      lesson_title: 'Check your memory',
      best_score: 50,
      passed: false,
      attempts: 1,
    });

    for (const bad of ['from=2026-02-01&to=2026-01-01', 'from=2020-01-01&to=2026-01-01', 'from=yesterday&to=today']) {
      const answer = await app.inject({
        method: 'GET',
        url: `/api/analytics/learner?${bad}`,
        headers: { cookie: learner.cookie },
      });
      expect(answer.statusCode).toBe(400);
    }
    expect((await app.inject({ method: 'GET', url: '/api/analytics/home' })).statusCode).toBe(401);
  });
});
