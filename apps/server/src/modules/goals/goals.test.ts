import type { Goal, GoalList, GoalOptions } from '@portal/shared/goals';
import { todayIn, weekWindow } from '@portal/shared/time-zone';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { awardsOf, cappedDailyTotal } from '../../testing/daily-cap.ts';
import { type SignedIn, signUpSubscribed } from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { createActivityRepository } from '../activity/activity.repository.ts';
import { domainEvents } from '../events/domain-events.table.ts';
import { userXp } from '../gamification/gamification.table.ts';
import { goals as goalsTable } from './goals.table.ts';
import { insertCourse, setCoursePercent } from './learning-fixtures.testing.ts';

const inDays = (days: number, timeZone = 'UTC') => todayIn(timeZone, new Date(Date.now() + days * 86_400_000));

describe.each(testTargets())('goals on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let courseId: string;
  let draftCourseId: string;

  beforeAll(async () => {
    ({ app, database, close } = await startTestApp(target));
    ({ courseId } = await insertCourse(database.db, { title: 'Data privacy basics' }));
    ({ courseId: draftCourseId } = await insertCourse(database.db, { title: 'Not yet out', status: 'draft' }));
  });
  afterAll(async () => {
    await close();
  });

  const goals = async (cookie: string) =>
    (await app.inject({ method: 'GET', url: '/api/goals', headers: { cookie } })).json<GoalList>();
  const create = (cookie: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/goals', headers: { cookie }, payload });
  const created = async (cookie: string, payload: Record<string, unknown>) => {
    const response = await create(cookie, payload);
    if (response.statusCode !== 201) throw new Error(`create answered ${response.statusCode}: ${response.body}`);
    return response.json<{ goal: Goal }>().goal;
  };
  const act = (cookie: string, goalId: string, action: 'pause' | 'resume' | 'complete') =>
    app.inject({ method: 'POST', url: `/api/goals/${goalId}/${action}`, headers: { cookie }, payload: {} });
  const tick = (cookie: string, goalId: string, itemId: string, done: boolean) =>
    app.inject({ method: 'PUT', url: `/api/goals/${goalId}/items/${itemId}`, headers: { cookie }, payload: { done } });
  const completedEvents = async (goalId: string) =>
    database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'goal.completed'), eq(domainEvents.subjectId, goalId)));

  it('a learner creates a goal of each kind and sees progress and stats computed from activity', async () => {
    const { cookie, userId } = await signUpSubscribed(app, 'calm');
    await setCoursePercent(database.db, userId, courseId, 40);

    const course = await created(cookie, {
      kind: 'course_by_date',
      title: 'Finish data privacy',
      course_id: courseId,
      due_date: inDays(30),
    });
    const weekly = await created(cookie, { kind: 'study_minutes_weekly', title: 'Study an hour', target_minutes: 60 });
    const checklist = await created(cookie, {
      kind: 'checklist',
      title: 'Exam prep',
      description: 'Before the exam',
      items: ['Summaries', 'Mock exam', 'Sleep well'],
    });

    expect(course).toMatchObject({
      status: 'active',
      course: { id: courseId, title: 'Data privacy basics' },
      progress: { current: 40, target: 100, unit: 'percent', percent: 40 },
      at_risk: false,
    });
    expect(weekly).toMatchObject({ target_minutes: 60, progress: { current: 0, unit: 'minutes', percent: 0 } });
    expect(weekly.period).not.toBeNull();
    expect(checklist.items.map((item) => [item.label, item.done])).toEqual([
      ['Summaries', false],
      ['Mock exam', false],
      ['Sleep well', false],
    ]);

    const list = await goals(cookie);
    expect(list.goals.map((goal) => goal.id)).toEqual([course.id, weekly.id, checklist.id]);
    expect(list.stats).toMatchObject({ total: 3, active: 3, paused: 0, completed: 0, average_progress: 13 });
    // Only the weekly goal can be at risk: its week may be nearly over with nothing studied yet.
    expect(list.stats.at_risk).toBe(list.goals.filter((goal) => goal.at_risk).length);
    expect(list.goals.filter((goal) => goal.at_risk).every((goal) => goal.id === weekly.id)).toBe(true);

    const options = (
      await app.inject({ method: 'GET', url: '/api/goals/options', headers: { cookie } })
    ).json<GoalOptions>();
    expect(options.courses).toContainEqual({ id: courseId, title: 'Data privacy basics', percent: 40 });
    expect(options.courses.map((option) => option.id)).not.toContain(draftCourseId);
  });

  it('a course goal follows the course and completes itself at 100%, with goal.completed once', async () => {
    const { cookie, userId } = await signUpSubscribed(app, 'calm');
    const goal = await created(cookie, {
      kind: 'course_by_date',
      title: 'Finish',
      course_id: courseId,
      due_date: inDays(2),
    });
    await setCoursePercent(database.db, userId, courseId, 10);
    expect((await goals(cookie)).goals[0]?.at_risk).toBe(false);
    // Set eight days before a deadline two days away, with 10% done: due soon and behind.
    await database.db
      .update(goalsTable)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(goalsTable.id, goal.id));
    expect((await goals(cookie)).goals[0]).toMatchObject({ at_risk: true, progress: { percent: 10 } });

    await setCoursePercent(database.db, userId, courseId, 100);
    await app.domainEvents.record(database.db, {
      type: 'course.completed',
      userId,
      subjectId: courseId,
      payload: { courseId },
    });
    await app.domainEvents.drain();

    const after = (await goals(cookie)).goals[0];
    expect(after).toMatchObject({ id: goal.id, status: 'completed', at_risk: false, progress: { percent: 100 } });
    expect(after?.completed_at).not.toBeNull();
    await goals(cookie);
    expect(await completedEvents(goal.id)).toHaveLength(1);
    expect((await completedEvents(goal.id))[0]).toMatchObject({ userId, payload: { goalId: goal.id } });
  });

  it('weekly minutes count this week of lessons and study sessions in the learner’s time zone', async () => {
    const { cookie, userId } = await signUpSubscribed(app, 'me');
    const timeZone = 'America/Los_Angeles';
    await app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie }, payload: { timezone: timeZone } });
    const week = weekWindow(new Date(), timeZone);
    const activity = createActivityRepository({ db: database.db });
    const hoursAfterStart = (hours: number) => new Date(week.start.getTime() + hours * 3600_000);
    await activity.addTime({ userId, endedAt: hoursAfterStart(1), seconds: 20 * 60, source: 'lesson' });
    await activity.addTime({ userId, endedAt: hoursAfterStart(-2), seconds: 50 * 60, source: 'lesson' });

    const goal = await created(cookie, { kind: 'study_minutes_weekly', title: 'Half an hour', target_minutes: 30 });
    expect(goal.progress).toMatchObject({ current: 20, target: 30, percent: 66 });
    expect(goal.period).toEqual({ starts_at: week.start.toISOString(), ends_at: week.end.toISOString() });
    expect(goal.deadline).toBe(week.end.toISOString());

    await activity.addTime({ userId, endedAt: hoursAfterStart(1), seconds: 10 * 60, source: 'study' });
    const done = (await goals(cookie)).goals.find((candidate) => candidate.id === goal.id);
    expect(done).toMatchObject({ status: 'completed', progress: { current: 30, percent: 100 } });
    expect(await completedEvents(goal.id)).toHaveLength(1);
  });

  it('a weekly XP goal counts the XP earned this week, not XP spent or earned before', async () => {
    const { cookie, userId } = await signUpSubscribed(app, 'calm');
    const week = weekWindow(new Date(), 'UTC');
    const entry = (xp: number, createdAt: Date, kind: 'award' | 'spend' = 'award') => ({
      userId,
      kind,
      eventType: kind === 'award' ? 'lesson_completed' : 'purchase',
      idempotencyKey: `test-${Math.random()}`,
      baseXp: xp,
      xp,
      localDay: todayIn('UTC', createdAt),
      createdAt,
    });
    // Signing in may already have earned a daily-login award this week.
    const goal = await created(cookie, { kind: 'xp_weekly', title: 'Earn 1000 XP', target_xp: 1000 });
    const earlier = goal.progress.current;
    await database.db
      .insert(userXp)
      .values([
        entry(40, new Date(week.start.getTime() + 60_000)),
        entry(500, new Date(week.start.getTime() - 60_000)),
        entry(-150, new Date(week.start.getTime() + 120_000), 'spend'),
      ]);

    const after = (await goals(cookie)).goals[0];
    expect(after).toMatchObject({ target_xp: 1000, progress: { current: earlier + 40, target: 1000, unit: 'xp' } });
    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/goals/${goal.id}`,
      headers: { cookie },
      payload: { target_xp: earlier + 40 },
    });
    expect(edited.json<{ goal: Goal }>().goal).toMatchObject({ status: 'completed', progress: { percent: 100 } });
  });

  it('pause, resume and complete move a goal between the tabs; wrong moves are conflicts', async () => {
    const { cookie } = await signUpSubscribed(app, 'calm');
    const goal = await created(cookie, { kind: 'study_minutes_weekly', title: 'Study', target_minutes: 120 });

    const paused = await act(cookie, goal.id, 'pause');
    expect(paused.json<{ goal: Goal }>().goal).toMatchObject({ status: 'paused', at_risk: false });
    expect(paused.json<{ goal: Goal }>().goal.paused_at).not.toBeNull();
    expect((await act(cookie, goal.id, 'pause')).statusCode).toBe(200);
    expect((await goals(cookie)).stats).toMatchObject({ active: 0, paused: 1, average_progress: null });

    const resumed = (await act(cookie, goal.id, 'resume')).json<{ goal: Goal }>().goal;
    expect(resumed).toMatchObject({ status: 'active', paused_at: null });

    expect((await act(cookie, goal.id, 'complete')).json<{ goal: Goal }>().goal.status).toBe('completed');
    const wrong = await act(cookie, goal.id, 'resume');
    expect(wrong.statusCode).toBe(409);
    expect((await act(cookie, goal.id, 'pause')).statusCode).toBe(409);
    expect((await goals(cookie)).stats).toMatchObject({ active: 0, paused: 0, completed: 1 });
    expect(await completedEvents(goal.id)).toHaveLength(1);
  });

  it('a checklist completes when every item is ticked, and edits keep the ticks of kept items', async () => {
    const { cookie } = await signUpSubscribed(app, 'calm');
    const goal = await created(cookie, { kind: 'checklist', title: 'Prep', items: ['Read', 'Write', 'Review'] });
    const [read, write, review] = goal.items;
    if (!read || !write || !review) throw new Error('items missing');

    expect((await tick(cookie, goal.id, read.id, true)).json<{ goal: Goal }>().goal.progress.percent).toBe(33);
    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/goals/${goal.id}`,
      headers: { cookie },
      payload: {
        title: 'Exam prep',
        items: [{ id: read.id, label: 'Read notes' }, { id: write.id, label: 'Write' }, { label: 'Rest' }],
      },
    });
    expect(edited.statusCode).toBe(200);
    const after = edited.json<{ goal: Goal }>().goal;
    expect(after.title).toBe('Exam prep');
    expect(after.items.map((item) => [item.label, item.done])).toEqual([
      ['Read notes', true],
      ['Write', false],
      ['Rest', false],
    ]);

    for (const item of after.items.slice(1)) await tick(cookie, goal.id, item.id, true);
    const done = (await goals(cookie)).goals[0];
    expect(done).toMatchObject({ status: 'completed', progress: { current: 3, target: 3, percent: 100 } });
    expect((await tick(cookie, goal.id, read.id, false)).statusCode).toBe(409);
    expect(await completedEvents(goal.id)).toHaveLength(1);
  });

  it('refuses bad input with 4xx and keeps nothing', async () => {
    const { cookie } = await signUpSubscribed(app, 'calm');
    const cases: [Record<string, unknown>, number][] = [
      [{ kind: 'xp_daily', title: 'x' }, 400],
      [{ kind: 'checklist', title: '', items: ['a'] }, 400],
      [{ kind: 'checklist', title: 'x', items: [] }, 400],
      [{ kind: 'study_minutes_weekly', title: 'x', target_minutes: 0 }, 400],
      [{ kind: 'study_minutes_weekly', title: 'x', target_minutes: 30, user_id: 'someone' }, 400],
      [{ kind: 'course_by_date', title: 'x', course_id: courseId, due_date: inDays(-3) }, 400],
      [{ kind: 'course_by_date', title: 'x', course_id: draftCourseId, due_date: inDays(3) }, 400],
      [{ kind: 'course_by_date', title: 'x', course_id: courseId }, 400],
    ];
    for (const [payload, status] of cases) {
      const response = await create(cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(typeof response.json().error.message).toBe('string');
    }
    expect((await goals(cookie)).goals).toEqual([]);

    const goal = await created(cookie, { kind: 'checklist', title: 'Keep', items: ['One'] });
    for (const payload of [
      { target_minutes: 30 },
      { items: [{ id: courseId, label: 'stolen' }] },
      {},
      { due_date: 'soon' },
    ]) {
      const response = await app.inject({
        method: 'PATCH',
        url: `/api/goals/${goal.id}`,
        headers: { cookie },
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await app.inject({ method: 'GET', url: '/api/goals/not-a-uuid', headers: { cookie } })).statusCode).toBe(
      400,
    );
    expect((await goals(cookie)).goals).toEqual([
      expect.objectContaining({ title: 'Keep', items: [expect.objectContaining({ label: 'One' })] }),
    ]);
  });

  it("a learner cannot read or change another learner's goals, and nothing changes", async () => {
    const alice: SignedIn = await signUpSubscribed(app, 'calm');
    const bob: SignedIn = await signUpSubscribed(app, 'calm');
    const goal = await created(alice.cookie, { kind: 'checklist', title: 'Private', items: ['Secret step'] });
    const itemId = goal.items[0]?.id ?? '';
    const before = await goals(alice.cookie);

    const attempts = [
      await app.inject({ method: 'GET', url: `/api/goals/${goal.id}`, headers: { cookie: bob.cookie } }),
      await app.inject({
        method: 'PATCH',
        url: `/api/goals/${goal.id}`,
        headers: { cookie: bob.cookie },
        payload: { title: 'Mine' },
      }),
      await act(bob.cookie, goal.id, 'pause'),
      await act(bob.cookie, goal.id, 'complete'),
      await tick(bob.cookie, goal.id, itemId, true),
      await app.inject({ method: 'DELETE', url: `/api/goals/${goal.id}`, headers: { cookie: bob.cookie } }),
    ];
    expect(attempts.map((response) => response.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    expect((await goals(bob.cookie)).goals).toEqual([]);
    expect(await goals(alice.cookie)).toEqual(before);
    expect(await completedEvents(goal.id)).toEqual([]);

    expect(
      (await app.inject({ method: 'DELETE', url: `/api/goals/${goal.id}`, headers: { cookie: alice.cookie } }))
        .statusCode,
    ).toBe(204);
    expect(
      (await app.inject({ method: 'GET', url: `/api/goals/${goal.id}`, headers: { cookie: alice.cookie } })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/goals' })).statusCode).toBe(401);
  });

  it('goals made, marked complete and deleted over and over earn goal XP up to the daily cap, then none', async () => {
    const { cookie, userId } = await signUpSubscribed(app, 'calm');
    for (let round = 0; round < 5; round += 1) {
      const goal = await created(cookie, { kind: 'checklist', title: `Quick ${round}`, items: ['one'] });
      expect((await act(cookie, goal.id, 'complete')).statusCode).toBe(200);
      await app.domainEvents.drain();
      const deleted = await app.inject({ method: 'DELETE', url: `/api/goals/${goal.id}`, headers: { cookie } });
      expect(deleted.statusCode).toBe(204);
    }
    const awards = await awardsOf(database, userId, 'goal_completed');
    expect(awards).toHaveLength(5);
    // 90 a day: five goals make 90 XP, unless the rounds ran across midnight and the next day's cap began.
    const days = awards.map((award) => award.day);
    expect(awards.reduce((sum, award) => sum + award.xp, 0)).toBe(cappedDailyTotal(days, { xp: 30, cap: 90 }));
  });
});
