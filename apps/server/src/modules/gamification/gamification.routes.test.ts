import { SPEC_MESSAGES } from '@portal/shared/errors';
import { DEFAULT_GAMIFICATION_SETTINGS, type UserStats, type XpResult } from '@portal/shared/gamification';
import type { ServerMessage } from '@portal/shared/realtime';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { DEMO_PASSWORD, seedDemoData } from '../../db/seed-demo.ts';
import { type SignedIn, signInAs, signUpSubscribed } from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { auditEvents } from '../audit/audit.table.ts';
import type { DomainEventInput } from '../events/domain-event.types.ts';
import { purchases, userXp } from './gamification.table.ts';

describe.each(testTargets())('gamification on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let wsUrl: string;

  beforeAll(async () => {
    const started = await startTestApp(target);
    ({ app, database, close } = started);
    await seedDemoData({ app, db: database.db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('app is not listening on a port');
    wsUrl = `ws://127.0.0.1:${address.port}/api/realtime`;
  });
  afterAll(async () => {
    await close();
  });

  const as = (user: SignedIn) => ({ cookie: user.cookie });
  const getJson = async <T>(user: SignedIn, url: string): Promise<T> => {
    const response = await app.inject({ method: 'GET', url, headers: as(user) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const stats = (user: SignedIn) => getJson<UserStats>(user, '/api/gamification/stats');
  const purchase = (user: SignedIn, itemId: string, key?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/gamification/shop/purchase',
      headers: as(user),
      payload: { item_id: itemId, ...(key ? { idempotency_key: key } : {}) },
    });
  const award = (user: SignedIn, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/gamification/award', headers: as(user), payload: body });

  /** Records domain events as the features emitting them do, and waits until they are handled. */
  async function happen(...events: DomainEventInput[]) {
    for (const event of events) await app.domainEvents.record(database.db, event);
    await app.domainEvents.drain();
  }
  const lessonCompleted = (userId: string, lessonId: string): DomainEventInput => ({
    type: 'lesson.completed',
    userId,
    subjectId: lessonId,
    payload: { lessonId, moduleId: 'module-1', courseId: 'course-1' },
  });
  const courseCompleted = (userId: string, courseId: string): DomainEventInput => ({
    type: 'course.completed',
    userId,
    subjectId: courseId,
    payload: { courseId },
  });

  /** A learner on the me plan who already got today's login XP (5). */
  async function shopLearner() {
    const learner = await signUpSubscribed(app, 'me');
    expect((await stats(learner)).total_xp).toBe(5);
    return learner;
  }

  function openTab(user: SignedIn) {
    const socket = new WebSocket(wsUrl, { headers: as(user) });
    const messages: ServerMessage[] = [];
    socket.on('message', (raw) => messages.push(JSON.parse(String(raw)) as ServerMessage));
    return {
      messages,
      ready: () => vi.waitFor(() => expect(messages[0]?.type).toBe('ready'), { timeout: 5000 }),
      close: () => socket.close(),
    };
  }

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
    const byDay = await app.analyticsSources.xpByDay?.(learner.userId, {
      from: new Date(Date.now() - 86_400_000),
      to: new Date(Date.now() + 86_400_000),
      timeZone: 'UTC',
    });
    expect(byDay?.get(today)).toBe(15);
    expect(await app.analyticsSources.gamification?.(learner.userId)).toEqual({
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
    expect((await award(learner, { event_type: 'lesson_completed', event_value: 1000 })).statusCode).toBe(400);
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

  it('100 concurrent purchases against a balance that covers one: exactly one succeeds', async () => {
    const learner = await shopLearner();
    await happen(courseCompleted(learner.userId, 'course-shop'));
    expect((await stats(learner)).balance).toBe(205);

    const answers = await Promise.all(Array.from({ length: 100 }, () => purchase(learner, 'streak_freeze')));

    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused.every((answer) => answer.statusCode === 409)).toBe(true);
    expect(refused[0]?.json().error).toEqual({
      code: 'insufficient_xp',
      message: 'Not enough XP: Streak freeze costs 200 XP and your balance is 5 XP.',
    });
    const after = await stats(learner);
    expect(after).toMatchObject({ total_xp: 205, balance: 5 });
    expect(after.streak.freezes_held).toBe(1);
    expect(await database.db.select().from(purchases).where(eq(purchases.userId, learner.userId))).toHaveLength(1);
  });

  it('a purchase the balance cannot cover fails with the reason and changes nothing', async () => {
    const learner = await shopLearner();

    const response = await purchase(learner, 'theme_ocean');

    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('Not enough XP: Ocean theme costs 300 XP and your balance is 5 XP.');
    const shop = await getJson<{ balance: number; items: { id: string; owned: boolean }[] }>(
      learner,
      '/api/gamification/shop',
    );
    expect(shop.balance).toBe(5);
    expect(shop.items.every((item) => !item.owned)).toBe(true);
  });

  it('a retried purchase with the same idempotency key charges once; themes are worn at once', async () => {
    const learner = await shopLearner();
    await happen(courseCompleted(learner.userId, 'course-1'), courseCompleted(learner.userId, 'course-2'));

    const first = await purchase(learner, 'theme_ocean', 'tab-1-click-1');
    const retried = await purchase(learner, 'theme_ocean', 'tab-1-click-1');

    expect(first.json<XpResult>()).toMatchObject({
      item_purchased: { id: 'theme_ocean', name: 'Ocean theme' },
      xp_spent: 300,
      balance: 105,
      total_xp: 405,
      duplicate: false,
    });
    expect(retried.json<XpResult>()).toMatchObject({ xp_spent: 300, balance: 105, duplicate: true });
    expect((await purchase(learner, 'theme_ocean')).json().error.message).toBe('You already own this item.');
    expect((await stats(learner)).equipped).toEqual({ theme: 'theme_ocean', frame: null });
    const notOwned = await app.inject({
      method: 'POST',
      url: '/api/gamification/shop/equip',
      headers: as(learner),
      payload: { item_id: 'frame_gold' },
    });
    expect(notOwned.statusCode).toBe(409);
  });

  it('the points shop needs the me plan', async () => {
    const learner = await signUpSubscribed(app, 'calm');

    const response = await purchase(learner, 'streak_freeze');

    expect(response.statusCode).toBe(402);
    expect(response.json().error).toMatchObject({ code: 'subscription_required', reasons: ['me'] });
    expect((await getJson<{ allowed: boolean }>(learner, '/api/gamification/shop')).allowed).toBe(false);
  });

  it('a change to XP, streak or badges is pushed to every open tab of that learner only', async () => {
    const learner = await signUpSubscribed(app, 'calm');
    const other = await signUpSubscribed(app, 'calm');
    await stats(learner);
    await stats(other);
    const tabs = [openTab(learner), openTab(learner)];
    const otherTab = openTab(other);
    await Promise.all([...tabs, otherTab].map((tab) => tab.ready()));

    await happen(lessonCompleted(learner.userId, 'lesson-live'));

    for (const tab of tabs) {
      await vi.waitFor(() =>
        expect(tab.messages).toEqual(
          expect.arrayContaining([
            { type: 'table_change', table: 'user_xp' },
            { type: 'table_change', table: 'streaks' },
            { type: 'table_change', table: 'user_badges' },
            { type: 'table_change', table: 'achievements' },
          ]),
        ),
      );
    }
    expect(otherTab.messages.filter((message) => message.type === 'table_change')).toEqual([]);
    for (const tab of [...tabs, otherTab]) tab.close();
  });

  describe('another learner', () => {
    let owner: SignedIn;
    let intruder: SignedIn;
    let ownerBefore: UserStats;

    beforeAll(async () => {
      owner = await shopLearner();
      intruder = await shopLearner();
      await happen(
        lessonCompleted(owner.userId, 'owner-lesson'),
        courseCompleted(owner.userId, 'owner-course'),
        courseCompleted(intruder.userId, 'intruder-course'),
      );
      await happen(courseCompleted(owner.userId, 'owner-course-2'));
      expect((await purchase(owner, 'frame_gold')).statusCode).toBe(200);
      ownerBefore = await stats(owner);
    });

    it.each([
      { label: 'reads stats', method: 'GET', url: '/api/gamification/stats?user_id=OWNER' },
      { label: 'reads streaks', method: 'GET', url: '/api/gamification/streaks?user_id=OWNER' },
      { label: 'reads badges', method: 'GET', url: '/api/gamification/badges?user_id=OWNER' },
      { label: 'reads achievements', method: 'GET', url: '/api/gamification/achievements?user_id=OWNER' },
      { label: 'reads the shop', method: 'GET', url: '/api/gamification/shop?user_id=OWNER' },
      { label: 'reads the leaderboard', method: 'GET', url: '/api/gamification/leaderboard?user_id=OWNER' },
      { label: 'updates a streak', method: 'POST', url: '/api/gamification/streaks/learning/update?user_id=OWNER' },
      { label: 'checks badges', method: 'POST', url: '/api/gamification/badges/check?user_id=OWNER' },
      {
        label: 'claims XP for their lesson',
        method: 'POST',
        url: '/api/gamification/award',
        payload: { event_type: 'lesson_completed', metadata: { subject_id: 'owner-lesson' } },
        status: 404,
      },
      {
        label: 'claims XP naming them',
        method: 'POST',
        url: '/api/gamification/award',
        payload: { event_type: 'daily_login', user_id: 'OWNER' },
        status: 400,
      },
      {
        label: 'buys for them',
        method: 'POST',
        url: '/api/gamification/shop/purchase',
        payload: { item_id: 'streak_freeze', user_id: 'OWNER' },
        status: 400,
      },
      {
        label: 'wears their frame',
        method: 'POST',
        url: '/api/gamification/shop/equip',
        payload: { item_id: 'frame_gold' },
        status: 409,
      },
      {
        label: 'opts them into the leaderboard',
        method: 'PUT',
        url: '/api/gamification/leaderboard/opt-in',
        payload: { opted_in: true, user_id: 'OWNER' },
        status: 400,
      },
    ] as const)('$label: gets only their own data and changes nothing of the owner', async (action) => {
      const response = await app.inject({
        method: action.method,
        url: action.url.replace('OWNER', owner.userId),
        headers: as(intruder),
        ...('payload' in action
          ? { payload: JSON.parse(JSON.stringify(action.payload).replace('OWNER', owner.userId)) }
          : {}),
      });

      expect(response.statusCode).toBe('status' in action ? action.status : 200);
      expect(response.body).not.toContain(owner.userId);
      if (action.url.startsWith('/api/gamification/stats?')) expect(response.json().total_xp).toBe(205);
      if (action.url.startsWith('/api/gamification/shop?')) expect(response.json().balance).toBe(205);
      const ownerAfter = await stats(owner);
      expect({ ...ownerAfter, daily_login_claimed: true }).toEqual({ ...ownerBefore, daily_login_claimed: true });
    });
  });

  it('the leaderboard shows only learners who opted in, by name, without ids', async () => {
    const first = await signUpSubscribed(app, 'calm', { name: 'Mira Quill' });
    const second = await signUpSubscribed(app, 'calm', { name: 'Theo Brand' });
    const shy = await signUpSubscribed(app, 'calm', { name: 'Shy Person' });
    await happen(
      lessonCompleted(first.userId, 'board-1'),
      courseCompleted(second.userId, 'board-2'),
      courseCompleted(shy.userId, 'board-3'),
    );
    const optIn = (user: SignedIn, optedIn: boolean) =>
      app.inject({
        method: 'PUT',
        url: '/api/gamification/leaderboard/opt-in',
        headers: as(user),
        payload: { opted_in: optedIn },
      });

    expect(
      (await getJson<{ opted_in: boolean; entries: unknown[] }>(first, '/api/gamification/leaderboard')).entries,
    ).toEqual([]);
    await optIn(first, true);
    const board = (await optIn(second, true)).json();

    const names = board.entries.map((entry: { display_name: string }) => entry.display_name);
    expect(names).toContain('Theo');
    expect(names).toContain('Mira');
    expect(names).not.toContain('Shy');
    expect(board.entries.find((entry: { is_you: boolean }) => entry.is_you)).toMatchObject({ display_name: 'Theo' });
    expect(JSON.stringify(board)).not.toContain(first.userId);
    await optIn(first, false);
    expect(
      (await getJson<{ entries: { display_name: string }[] }>(second, '/api/gamification/leaderboard')).entries.map(
        (entry) => entry.display_name,
      ),
    ).not.toContain('Mira');
  });

  describe('admin thresholds', () => {
    it('a learner cannot read or change them', async () => {
      const learner = await signInAs(app, { email: 'learner@example.com', password: DEMO_PASSWORD });
      const read = await app.inject({ method: 'GET', url: '/api/admin/gamification/settings', headers: as(learner) });
      const write = await app.inject({
        method: 'PUT',
        url: '/api/admin/gamification/settings',
        headers: as(learner),
        payload: DEFAULT_GAMIFICATION_SETTINGS,
      });
      expect([read.statusCode, write.statusCode]).toEqual([403, 403]);
    });

    it('changes apply to the next award at once and are audited', async () => {
      const admin = await signInAs(app, { email: 'admin@example.com', password: DEMO_PASSWORD });
      const learner = await signUpSubscribed(app, 'calm');
      await stats(learner);
      const current = await getJson<{ settings: typeof DEFAULT_GAMIFICATION_SETTINGS }>(
        admin,
        '/api/admin/gamification/settings',
      );
      expect(current.settings).toEqual(DEFAULT_GAMIFICATION_SETTINGS);
      const changed = {
        ...current.settings,
        xp_rules: { ...current.settings.xp_rules, lesson_completed: { xp: 25, daily_cap: null } },
        level_thresholds: [0, 20, 40],
        at_risk_days: 3,
      };

      const saved = await app.inject({
        method: 'PUT',
        url: '/api/admin/gamification/settings',
        headers: as(admin),
        payload: changed,
      });
      expect(saved.statusCode).toBe(200);
      await happen(lessonCompleted(learner.userId, 'lesson-after-change'));

      const after = await stats(learner);
      expect(after.total_xp).toBe(30);
      expect(after.level.level).toBe(2);
      const [entry] = await database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.userId, admin.userId), eq(auditEvents.action, 'gamification.settings.update')));
      expect(entry?.newValues).toMatchObject({ at_risk_days: 3, level_thresholds: [0, 20, 40] });
      expect(entry?.oldValues).toMatchObject({ at_risk_days: 7 });

      const invalid = await app.inject({
        method: 'PUT',
        url: '/api/admin/gamification/settings',
        headers: as(admin),
        payload: { ...changed, level_thresholds: [0, 50, 40] },
      });
      expect(invalid.statusCode).toBe(400);
      await app.inject({
        method: 'PUT',
        url: '/api/admin/gamification/settings',
        headers: as(admin),
        payload: DEFAULT_GAMIFICATION_SETTINGS,
      });
    });
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
