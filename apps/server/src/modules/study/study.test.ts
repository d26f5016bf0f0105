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
import { type SignedIn, signUpAndConfirm } from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { learningTimeHourly } from '../activity/activity.table.ts';
import { domainEvents } from '../events/domain-events.table.ts';
import { subscribe } from '../goals/learning-fixtures.testing.ts';
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
    const signedIn = await signUpAndConfirm(app);
    await subscribe(database.db, signedIn.userId, 'me');
    return signedIn;
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
    expect(after.week.sessions_completed).toBe(1);
    expect(after.week.study_seconds).toBe(ended.focused_seconds);
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

  it('needs the Me plan: a free learner gets upgrade_required, a signed-out visitor 401', async () => {
    const { cookie, userId } = await signUpAndConfirm(app);
    await subscribe(database.db, userId, 'calm');

    const refused = await start(cookie, { mode: 'focus' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'upgrade_required', reasons: ['me'] });
    expect((await app.inject({ method: 'GET', url: '/api/study/sessions', headers: { cookie } })).statusCode).toBe(403);
    expect(await database.db.select().from(studySessions).where(eq(studySessions.userId, userId))).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/study/sessions' })).statusCode).toBe(401);
  });
});
