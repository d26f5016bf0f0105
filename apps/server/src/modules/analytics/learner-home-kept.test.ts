import { randomUUID } from 'node:crypto';
import type { LearnerHome } from '@portal/shared/analytics';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database, Db } from '../../db/client.ts';
import { type SignedIn, signUpSubscribed } from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { createTestClock } from '../../testing/test-clock.ts';
import { within } from '../../testing/within.ts';
import { courses } from '../courses/courses.table.ts';
import { goals } from '../goals/goals.table.ts';
import { courseProgress } from '../progress/progress.table.ts';
import { announceLearnerChange } from './analytics.testing.ts';

/**
 * Each instance keeps a learner's home until it hears that what the home is made of changed. These tests change rows
 * silently (triggers off, as a test only can), announce changes as another instance does, and change them through the
 * learner's own request to this instance.
 */
describe.each(testTargets())('the learner home kept between changes on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let learner: SignedIn;
  const clock = createTestClock(new Date());
  const courseId = randomUUID();

  const home = async (who: SignedIn = learner) => {
    const response = await app.inject({ method: 'GET', url: '/api/analytics/home', headers: { cookie: who.cookie } });
    expect(response.statusCode).toBe(200);
    return response.json() as LearnerHome;
  };
  /** Waits until the home shows the course in progress at `percent`, which only a home read afresh can. */
  const showsPercent = (percent: number) =>
    within(1_000, async () =>
      (await home()).insights.some((insight) => insight.kind === 'resume_course' && insight.percent === percent),
    );
  const announce = (userId = learner.userId) => announceLearnerChange(database, userId);
  /** A write no trigger sees: what the home shows after it tells whether the home was read again. */
  const silently = (write: (tx: Db) => Promise<unknown>) =>
    database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await write(tx as unknown as Db);
    });
  const setPercent = (db: Db, percent: number, completed: boolean) =>
    db
      .update(courseProgress)
      .set({ percent, completedAt: completed ? new Date() : null })
      .where(and(eq(courseProgress.userId, learner.userId), eq(courseProgress.courseId, courseId)));

  beforeAll(async () => {
    ({ app, database, close } = await startTestApp(target, {}, { clock }));
    learner = await signUpSubscribed(app, 'calm');
    await database.db
      .insert(courses)
      .values({ id: courseId, slug: `kept-${courseId}`, title: 'Reading charts', status: 'published' });
    await database.db.insert(courseProgress).values({ userId: learner.userId, courseId, percent: 30 });
    // The sign-up's own writes are announced within the notice window (20 ms); let those notices pass first.
    await new Promise((resolve) => setTimeout(resolve, 200));
  });

  afterAll(async () => {
    await close();
  });

  it('keeps the home until another instance announces a change of the learner’s, then shows it within a second', async () => {
    // Nothing is kept yet: this reads the home and keeps it.
    await showsPercent(30);
    await silently((tx) => setPercent(tx, 100, true));
    expect((await home()).stats.completed_courses).toBe(0);

    // What another instance sends as the learner's write there is answered.
    await announce();
    await within(1_000, async () => (await home()).stats.completed_courses === 1);
    expect((await home()).stats.active_courses).toBe(0);
  });

  it('XP pushed to the learner’s tabs from any instance drops their kept home', async () => {
    await silently((tx) => setPercent(tx, 35, false));
    await announce();
    await showsPercent(35);
    await silently((tx) => setPercent(tx, 100, true));
    expect((await home()).stats.completed_courses).toBe(0);
    await app.realtime.publishToUser(learner.userId, { type: 'table_change', table: 'user_xp' });
    await within(1_000, async () => (await home()).stats.completed_courses === 1);
  });

  it('a goal changed by work that follows the learner’s activity shows within a second', async () => {
    const before = (await home()).stats.active_goals;
    expect((await home()).stats.active_goals).toBe(before);
    await database.db.insert(goals).values({
      userId: learner.userId,
      kind: 'checklist',
      title: 'Read one chart a day',
      status: 'active',
    });
    await within(1_000, async () => (await home()).stats.active_goals === before + 1);
  });

  it('shows what the learner just changed through this instance on their very next request', async () => {
    await setPercent(database.db, 40, false);
    await announce();
    await showsPercent(40);
    await silently((tx) => setPercent(tx, 100, true));
    expect((await home()).stats.completed_courses).toBe(0);

    const saved = await app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie: learner.cookie },
      payload: { bio: 'Charts every morning' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await home()).stats.completed_courses).toBe(1);
  });

  it('a course renamed by its author shows on every learner’s home within a second', async () => {
    await setPercent(database.db, 50, false);
    await announce();
    await showsPercent(50);
    const renamed = `Reading charts, ${randomUUID().slice(0, 8)}`;
    await database.db.update(courses).set({ title: renamed }).where(eq(courses.id, courseId));
    await within(1_000, async () =>
      (await home()).insights.some((insight) => insight.kind === 'resume_course' && insight.course_title === renamed),
    );
  });

  it('another learner’s change leaves this home as it is and theirs their own', async () => {
    const other = await signUpSubscribed(app, 'calm');
    await silently((tx) => setPercent(tx, 60, false));
    await announce();
    await showsPercent(60);
    await silently((tx) => setPercent(tx, 100, true));
    await database.db.insert(courseProgress).values({ userId: other.userId, courseId, percent: 10 });
    await announce(other.userId);
    await within(1_000, async () => (await home(other)).stats.active_courses === 1);
    expect((await home()).stats.active_courses).toBe(1);
    expect((await home(other)).stats.completed_courses).toBe(0);
  });

  it('a home kept on one day is read again on the next, with the chart moved on', async () => {
    const before = await home();
    const lastDay = before.daily.at(-1)?.date;
    clock.advanceDays(1);
    const after = await home();
    expect(after.daily.at(-1)?.date).not.toBe(lastDay);
    expect(after.daily.at(-2)?.date).toBe(lastDay);
    expect(after.daily).toHaveLength(before.daily.length);
  });
});
