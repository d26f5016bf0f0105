import { SPEC_MESSAGES } from '@portal/shared/errors';
import type { XpResult } from '@portal/shared/gamification';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { readTogether } from '../../read-together.ts';
import { signInAs, signUpSubscribed } from '../../testing/factories.ts';
import { testTargets } from '../../testing/test-app.ts';
import { DEMO_PASSWORD } from '../demo/demo.module.ts';
import { domainEvents } from '../events/domain-events.table.ts';
import { userXp } from './gamification.table.ts';
import { useGamificationApp } from './gamification.testing.ts';

describe.each(testTargets())('gamification: XP and awards on $name', (target) => {
  const { ctx, as, getJson, stats, award, happen, lessonCompleted, courseCompleted } = useGamificationApp(target);
  let app: App;
  let database: Database;
  beforeAll(() => {
    ({ app, database } = ctx);
  });

  it('the demo learner has XP, a streak at risk today, and badges', async () => {
    const learner = await signInAs(app, { email: 'learner@example.com', password: DEMO_PASSWORD });

    const demo = await stats(learner);

    expect(demo.total_xp).toBeGreaterThan(150);
    expect(demo.streak).toMatchObject({ current: 9, today_done: false, at_risk: true });
    expect(demo.multiplier).toBe(1.1);
    expect(demo.badges.earned_keys).toEqual(expect.arrayContaining(['first_lesson', 'streak_7']));
  });

  it('the first gamification call of a day earns the daily login XP once', async () => {
    const learner = await signUpSubscribed(app, 'calm');

    const first = await stats(learner);
    const second = await stats(learner);

    expect(first).toMatchObject({ total_xp: 5, balance: 5, daily_login_claimed: true });
    expect(first.level).toMatchObject({ level: 1, next_level_xp: 120 });
    expect(second.total_xp).toBe(5);
    // Logging in does not count as learning for the streak.
    expect(second.streak.current).toBe(0);
  });

  it('loading /api/me also counts as the daily login', async () => {
    const learner = await signUpSubscribed(app, 'calm');
    await app.inject({ method: 'GET', url: '/api/me', headers: as(learner) });

    await vi.waitFor(async () => {
      const rows = await database.db
        .select()
        .from(userXp)
        .where(and(eq(userXp.userId, learner.userId), eq(userXp.eventType, 'daily_login')));
      expect(rows).toHaveLength(1);
    });
  });

  it('completing a lesson earns 10 XP once, however often the event arrives, and the first-lesson badge', async () => {
    const learner = await signUpSubscribed(app, 'calm');
    await stats(learner);

    await happen(lessonCompleted(learner.userId, 'lesson-a'), lessonCompleted(learner.userId, 'lesson-a'));

    const after = await stats(learner);
    expect(after.total_xp).toBe(15);
    expect(after.streak).toMatchObject({ current: 1, today_done: true });
    expect(after.badges.earned_keys).toContain('first_lesson');
    expect(after.recent_awards[0]).toMatchObject({ event_type: 'lesson_completed', xp: 10, multiplier: 1 });
    const today = new Date().toISOString().slice(0, 10);
    const { xpByDay, gamification } = app.analyticsSources;
    if (!xpByDay || !gamification) throw new Error('gamification tells the home nothing');
    const home = await readTogether(database.db, {
      byDay: xpByDay(learner.userId, {
        from: new Date(Date.now() - 86_400_000),
        to: new Date(Date.now() + 86_400_000),
        timeZone: 'UTC',
      }),
      summary: gamification(learner.userId),
    });
    expect(home.byDay.get(today)).toBe(15);
    expect(home.summary).toEqual({
      totalXp: 15,
      currentStreak: 1,
      achievements: 1,
      streakSafeToday: true,
    });
  });

  it('quizzes earn a bonus per point above the pass mark and study sessions 1 XP per 5 focused minutes', async () => {
    const learner = await signUpSubscribed(app, 'calm');
    await stats(learner);

    await happen(
      {
        type: 'quiz.passed',
        userId: learner.userId,
        subjectId: 'quiz-1',
        payload: { lessonId: 'quiz-1', courseId: 'course-1', score: 85, passMark: 70 },
      },
      {
        type: 'study_session.completed',
        userId: learner.userId,
        subjectId: 'session-1',
        payload: { sessionId: 'session-1', mode: 'focus', focusedMinutes: 50 },
      },
    );

    expect((await stats(learner)).total_xp).toBe(5 + 35 + 10);
  });

  it('notes stop earning at the daily cap but still count towards badges', async () => {
    const learner = await signUpSubscribed(app, 'calm');
    await stats(learner);

    await happen(
      ...Array.from({ length: 12 }, (_, index) => ({
        type: 'note.created' as const,
        userId: learner.userId,
        subjectId: `note-${index}`,
        payload: { noteId: `note-${index}` },
      })),
    );

    const after = await stats(learner);
    expect(after.total_xp).toBe(5 + 20);
    expect(after.badges.earned_keys).toContain('notes_10');
    const badges = await getJson<{ badges: { key: string; progress: number; earned_at: string | null }[] }>(
      learner,
      '/api/gamification/badges',
    );
    expect(badges.badges.find((badge) => badge.key === 'notes_10')).toMatchObject({ progress: 12 });
    expect(badges.badges.find((badge) => badge.key === 'first_course')).toMatchObject({ earned_at: null, progress: 0 });
  });

  it('award_xp pays only for what happened to the learner, with the same key as the event, so once', async () => {
    const learner = await signUpSubscribed(app, 'calm');
    await stats(learner);
    const body = { event_type: 'lesson_completed', metadata: { subject_id: 'lesson-claimed' } };

    const unconfirmed = await award(learner, body);
    expect(unconfirmed.statusCode).toBe(404);

    await app.domainEvents.record(database.db, lessonCompleted(learner.userId, 'lesson-claimed'));
    const first = await award(learner, body);
    expect(first.statusCode).toBe(200);
    expect(first.json<XpResult>()).toMatchObject({ xp_awarded: 10, total_xp: 15, duplicate: false });
    const again = await award(learner, body);
    expect(again.json<XpResult>()).toMatchObject({ xp_awarded: 0, total_xp: 15, duplicate: true });
    await app.domainEvents.drain();

    expect((await stats(learner)).total_xp).toBe(15);
    expect((await award(learner, { event_type: 'lesson_completed' })).statusCode).toBe(400);
    // A value the client sends is taken and ignored: the XP follows what the server recorded.
    await app.domainEvents.record(database.db, lessonCompleted(learner.userId, 'lesson-valued'));
    const valued = await award(learner, {
      event_type: 'lesson_completed',
      event_value: 1000,
      metadata: { subject_id: 'lesson-valued' },
    });
    expect(valued.json<XpResult>()).toMatchObject({ xp_awarded: 10, total_xp: 25, duplicate: false });
    expect((await award(learner, { event_type: 'lesson_completed', event_value: 'lots' })).statusCode).toBe(400);
  });

  it('a claim counts on the day its event happened: yesterday’s note is paid, today’s beyond the cap is not', async () => {
    const learner = await signUpSubscribed(app, 'calm');
    await stats(learner);
    const noteEvent = (noteId: string) => ({
      type: 'note.created' as const,
      userId: learner.userId,
      subjectId: noteId,
      payload: { noteId },
    });
    // Ten notes today reach the notes' daily cap (20 XP).
    await happen(...Array.from({ length: 10 }, (_, index) => noteEvent(`note-today-${index}`)));
    // Two more notes whose awards only a claim makes (the outbox will not deliver them within the test).
    const later = new Date(Date.now() + 3_600_000);
    await database.db.insert(domainEvents).values([
      {
        ...noteEvent('note-yesterday'),
        payload: {},
        occurredAt: new Date(Date.now() - 86_400_000),
        availableAt: later,
      },
      { ...noteEvent('note-today-more'), availableAt: later },
    ]);

    const yesterday = await award(learner, { event_type: 'note_created', metadata: { subject_id: 'note-yesterday' } });
    const beyondCap = await award(learner, { event_type: 'note_created', metadata: { subject_id: 'note-today-more' } });

    expect(yesterday.json<XpResult>()).toMatchObject({ xp_awarded: 2, duplicate: false });
    expect(beyondCap.json<XpResult>()).toMatchObject({ xp_awarded: 0, duplicate: false });
    const ledger = await database.db
      .select()
      .from(userXp)
      .where(and(eq(userXp.userId, learner.userId), eq(userXp.eventType, 'note_created')));
    const today = ledger.find((row) => row.subjectId === 'note-today-0')?.localDay ?? '';
    const dayBefore = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(ledger.find((row) => row.subjectId === 'note-yesterday')).toMatchObject({ baseXp: 2, localDay: dayBefore });
    expect(ledger.find((row) => row.subjectId === 'note-today-more')).toMatchObject({ baseXp: 0, localDay: today });
    expect((await stats(learner)).total_xp).toBe(5 + 20 + 2);
  });

  it('100 concurrent awards with the same idempotency key award once', async () => {
    const learner = await signUpSubscribed(app, 'calm');
    await app.domainEvents.record(database.db, courseCompleted(learner.userId, 'course-race'));
    const body = { event_type: 'course_completed', metadata: { subject_id: 'course-race' } };

    const answers = await Promise.all(Array.from({ length: 100 }, () => award(learner, body)));

    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const results = answers.map((answer) => answer.json<XpResult>());
    // The outbox may award the same completion while the requests run; either way exactly one award exists.
    expect(results.filter((result) => !result.duplicate).length).toBeLessThanOrEqual(1);
    expect(results.every((result) => result.total_xp >= 200)).toBe(true);
    const rows = await database.db
      .select()
      .from(userXp)
      .where(and(eq(userXp.userId, learner.userId), eq(userXp.eventType, 'course_completed')));
    expect(rows).toHaveLength(1);
    expect((await stats(learner)).total_xp).toBe(205);
  });

  describe('without a session', () => {
    it.each([
      ['GET', '/api/gamification/stats'],
      ['POST', '/api/gamification/award'],
      ['GET', '/api/gamification/streaks'],
      ['POST', '/api/gamification/streaks/learning/update'],
      ['GET', '/api/gamification/badges'],
      ['POST', '/api/gamification/badges/check'],
      ['GET', '/api/gamification/achievements'],
      ['GET', '/api/gamification/shop'],
      ['POST', '/api/gamification/shop/purchase'],
      ['POST', '/api/gamification/shop/equip'],
      ['GET', '/api/gamification/leaderboard'],
      ['PUT', '/api/gamification/leaderboard/opt-in'],
      ['GET', '/api/admin/gamification/settings'],
    ] as const)('%s %s answers 401 "User not authenticated"', async (method, url) => {
      const response = await app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toEqual({ code: 'unauthorized', message: SPEC_MESSAGES.userNotAuthenticated });
    });
  });
});
