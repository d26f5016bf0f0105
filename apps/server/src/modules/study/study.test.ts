import type { UserStats } from '@portal/shared/gamification';
import {
  POMODORO,
  SESSION_MAX_ACTIVE_SECONDS,
  type StudyOverview,
  type StudySessionEnvelope,
} from '@portal/shared/study';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { type SignedIn, signUpSubscribed } from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { learningTimeHourly } from '../activity/activity.table.ts';
import { domainEvents } from '../events/domain-events.table.ts';
import { studySessions } from './study.table.ts';

describe.each(testTargets())('study sessions on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, database, close } = await startTestApp(target));
  });
  afterAll(async () => {
    await close();
  });

  const learner = async (): Promise<SignedIn> => {
    return signUpSubscribed(app, 'me');
  };
  const overview = async (cookie: string) =>
    (await app.inject({ method: 'GET', url: '/api/study/sessions', headers: { cookie } })).json<StudyOverview>();
  const start = (cookie: string, payload: unknown) =>
    app.inject({ method: 'POST', url: '/api/study/sessions', headers: { cookie }, payload: payload as object });
  const act = (cookie: string, sessionId: string, action: 'pause' | 'resume' | 'stop', payload: object = {}) =>
    app.inject({ method: 'POST', url: `/api/study/sessions/${sessionId}/${action}`, headers: { cookie }, payload });
  /** Moves a session's start into the past, as if it had been running that long. */
  const backdate = (sessionId: string, seconds: number) =>
    database.db
      .update(studySessions)
      .set({ startedAt: sql`${studySessions.startedAt} - make_interval(secs => ${seconds})` })
      .where(eq(studySessions.id, sessionId));
  const completedEvents = async (sessionId: string) =>
    database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'study_session.completed'), eq(domainEvents.subjectId, sessionId)));

  it('a focus session runs on the server clock, survives a reload and allows one open session at a time', async () => {
    const { cookie } = await learner();

    const started = await start(cookie, { mode: 'focus' });
    expect(started.statusCode).toBe(201);
    const { session } = started.json<StudySessionEnvelope>();
    expect(session).toMatchObject({ mode: 'focus', status: 'running', focused_seconds: 0, ended_at: null });

    const reloaded = await overview(cookie);
    expect(reloaded.current).toMatchObject({ id: session.id, status: 'running', started_at: session.started_at });
    expect(Date.parse(reloaded.server_now)).toBeGreaterThanOrEqual(Date.parse(session.started_at));

    const second = await start(cookie, { mode: 'practice' });
    expect(second.statusCode).toBe(409);
    expect((await overview(cookie)).current?.id).toBe(session.id);
  });

  it('focused time is the focus phases of the time that really passed, minus pauses, never more than wall time', async () => {
    const { cookie, userId } = await learner();
    const { session } = (await start(cookie, { mode: 'focus' })).json<StudySessionEnvelope>();
    await backdate(session.id, 40 * 60);

    const paused = (await act(cookie, session.id, 'pause')).json<StudySessionEnvelope>();
    expect(paused.session.status).toBe('paused');
    // 40 minutes: a 25 minute focus, a 5 minute break, then 10 minutes of the second focus.
    expect(paused.session.focused_seconds).toBeGreaterThanOrEqual(35 * 60);
    expect(paused.session.focused_seconds).toBeLessThanOrEqual(35 * 60 + 2);
    expect((await act(cookie, session.id, 'pause')).json<StudySessionEnvelope>().session.paused_at).toBe(
      paused.session.paused_at,
    );
    expect((await act(cookie, session.id, 'resume')).json<StudySessionEnvelope>().session.status).toBe('running');

    const wallStart = Date.parse(session.started_at) - 40 * 60 * 1000;
    const claimed = await act(cookie, session.id, 'stop', { focused_seconds: 999_999 });
    expect(claimed.statusCode).toBe(400);
    expect((await overview(cookie)).current?.status).toBe('running');
    const stopped = await act(cookie, session.id, 'stop');
    expect(stopped.statusCode).toBe(200);
    const ended = stopped.json<StudySessionEnvelope>().session;
    expect(ended.status).toBe('completed');
    const wallSeconds = (Date.parse(ended.ended_at ?? '') - wallStart) / 1000;
    expect(ended.active_seconds).toBeLessThanOrEqual(Math.ceil(wallSeconds));
    expect(ended.focused_seconds).toBeLessThanOrEqual(ended.active_seconds);
    expect(ended.focused_seconds).toBeGreaterThanOrEqual(35 * 60);

    // A stop sent again changes nothing and logs nothing twice.
    expect((await act(cookie, session.id, 'stop')).json<StudySessionEnvelope>().session).toEqual(ended);
    expect(await completedEvents(session.id)).toHaveLength(1);
    expect((await completedEvents(session.id))[0]?.payload).toEqual({
      sessionId: session.id,
      mode: 'focus',
      focusedMinutes: Math.floor(ended.focused_seconds / 60),
    });
    const [logged] = await database.db
      .select({ seconds: sql<number>`sum(${learningTimeHourly.seconds})::int` })
      .from(learningTimeHourly)
      .where(and(eq(learningTimeHourly.userId, userId), eq(learningTimeHourly.source, 'study')));
    expect(logged?.seconds).toBe(ended.focused_seconds);

    const after = await overview(cookie);
    expect(after.current).toBeNull();
    expect(after.recent.map((recent) => recent.id)).toEqual([session.id]);
    // A session counts in the week it started in: in the first 40 minutes of a week this one started the week before.
    const inThisWeek = Date.parse(ended.started_at) >= Date.parse(after.week.starts_at);
    expect(after.week.sessions_completed).toBe(inThisWeek ? 1 : 0);
    expect(after.week.study_seconds).toBe(inThisWeek ? ended.focused_seconds : 0);
  });

  it('the database refuses a session whose focused time exceeds the time it lasted', async () => {
    const { cookie } = await learner();
    const { session } = (await start(cookie, { mode: 'practice' })).json<StudySessionEnvelope>();
    const ended = (await act(cookie, session.id, 'stop')).json<StudySessionEnvelope>().session;
    expect(ended.focused_seconds).toBeLessThanOrEqual(1);

    await expect(
      database.db
        .update(studySessions)
        .set({ activeSeconds: 3600, focusedSeconds: 3600 })
        .where(eq(studySessions.id, session.id)),
    ).rejects.toThrow();
  });

  it('a session left running ends by itself after four Pomodoro rounds, with 100 focused minutes', async () => {
    const { cookie } = await learner();
    const { session } = (await start(cookie, { mode: 'focus' })).json<StudySessionEnvelope>();
    await backdate(session.id, SESSION_MAX_ACTIVE_SECONDS + 3600);

    const after = await overview(cookie);
    expect(after.current).toBeNull();
    expect(after.recent[0]).toMatchObject({
      id: session.id,
      status: 'completed',
      active_seconds: SESSION_MAX_ACTIVE_SECONDS,
      focused_seconds: POMODORO.rounds * POMODORO.focusSeconds,
    });
    expect(await completedEvents(session.id)).toHaveLength(1);
    expect((await start(cookie, { mode: 'focus' })).statusCode).toBe(201);
  });

  it("a learner cannot pause, resume or stop another learner's session, and nothing changes", async () => {
    const alice = await learner();
    const bob = await learner();
    const { session } = (await start(alice.cookie, { mode: 'focus' })).json<StudySessionEnvelope>();

    for (const action of ['pause', 'resume', 'stop'] as const) {
      const response = await act(bob.cookie, session.id, action);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
    expect((await overview(alice.cookie)).current).toMatchObject({ id: session.id, status: 'running' });
    expect((await overview(bob.cookie)).current).toBeNull();
    expect(await completedEvents(session.id)).toHaveLength(0);
  });

  it('refuses bad input with 400 and starts nothing', async () => {
    const { cookie } = await learner();
    for (const payload of [{ mode: 'nap' }, {}, { mode: 'focus', started_at: '2020-01-01T00:00:00Z' }]) {
      expect((await start(cookie, payload)).statusCode).toBe(400);
    }
    expect((await act(cookie, 'not-a-uuid', 'stop')).statusCode).toBe(400);
    expect((await overview(cookie)).current).toBeNull();
  });

  it('needs the Me plan: a calm learner gets 402 subscription_required, a signed-out visitor 401', async () => {
    const { cookie, userId } = await signUpSubscribed(app, 'calm');

    const refused = await start(cookie, { mode: 'focus' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toMatchObject({ code: 'subscription_required', reasons: ['me'] });
    expect((await app.inject({ method: 'GET', url: '/api/study/sessions', headers: { cookie } })).statusCode).toBe(402);
    expect(await database.db.select().from(studySessions).where(eq(studySessions.userId, userId))).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/study/sessions' })).statusCode).toBe(401);
  });
  describe('what a session earns', () => {
    const getJson = async <T>(cookie: string, url: string): Promise<T> => {
      const response = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<T>();
    };
    const stats = (cookie: string) => getJson<UserStats>(cookie, '/api/gamification/stats');
    const focusBadge = async (cookie: string) =>
      (
        await getJson<{ badges: Array<{ key: string; progress: number; earned_at: string | null }> }>(
          cookie,
          '/api/gamification/badges',
        )
      ).badges.find((badge) => badge.key === 'focus_10');

    /** A focus session that ran `seconds`, stopped, its rewards handled. */
    async function focusFor(cookie: string, seconds: number) {
      const { session } = (await start(cookie, { mode: 'focus' })).json<StudySessionEnvelope>();
      await backdate(session.id, seconds);
      const stopped = await act(cookie, session.id, 'stop');
      expect(stopped.statusCode, stopped.body).toBe(200);
      await app.domainEvents.drain();
      return stopped.json<StudySessionEnvelope>().session;
    }

    it('focus sessions with no focused minute raise no streak and unlock no badge, however many there are', async () => {
      const { cookie } = await learner();
      const before = await stats(cookie);
      expect(before.streak.current).toBe(0);

      // Ten finished sessions would unlock "Deep focus", if sessions of three seconds counted.
      for (let session = 0; session < 10; session += 1) {
        expect((await focusFor(cookie, 3)).focused_seconds).toBeLessThan(60);
      }

      const after = await stats(cookie);
      expect(after.total_xp).toBe(before.total_xp);
      expect(after.streak.current).toBe(0);
      expect(after.badges.earned_keys).toEqual(before.badges.earned_keys);
      expect(await focusBadge(cookie)).toMatchObject({ progress: 0, earned_at: null });
    });

    it('a five-minute focus session earns 1 XP, starts the streak and counts towards "Deep focus"', async () => {
      const { cookie } = await learner();
      const before = await stats(cookie);

      expect((await focusFor(cookie, 5 * 60)).focused_seconds).toBeGreaterThanOrEqual(5 * 60);

      const after = await stats(cookie);
      expect(after.total_xp).toBe(before.total_xp + 1);
      expect(after.streak.current).toBe(1);
      expect(await focusBadge(cookie)).toMatchObject({ progress: 1, earned_at: null });
    });
  });
});
