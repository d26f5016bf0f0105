import { randomUUID } from 'node:crypto';
import type { AdminOverview } from '@portal/shared/admin-overview';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { asUser, signUpAdmin } from '../../testing/billing-factories.ts';
import { grantRole, type SignedIn, signUpAndConfirm, signUpSubscribed } from '../../testing/factories.ts';
import { realtimeTabs } from '../../testing/realtime-tabs.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { createActivityRepository } from '../activity/activity.repository.ts';
import { learningTimeHourly } from '../activity/activity.table.ts';
import { createAuditRepository } from '../audit/audit.repository.ts';
import { createAuditService } from '../audit/audit.service.ts';
import { sessions, users } from '../auth/auth.table.ts';
import { createRolesRepository } from '../auth/roles.repository.ts';
import { userXp } from '../gamification/gamification.table.ts';
import { insertCourse } from '../goals/learning-fixtures.testing.ts';
import { lessonProgress } from '../progress/progress.table.ts';
import { scormAttempts, scormEnrollments } from '../scorm/scorm.table.ts';
import { insertReadyScormPackage } from '../scorm/scorm.testing.ts';

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
/** Whole UTC days between the day of `instant` and today. */
const utcDaysAgo = (instant: Date) =>
  Math.round(
    (Date.parse(new Date().toISOString().slice(0, 10)) - Date.parse(instant.toISOString().slice(0, 10))) / DAY_MS,
  );

describe.each(testTargets())('the admin home on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let admin: Awaited<ReturnType<typeof signUpAdmin>>;
  let lessonIds: string[];
  const tabs = realtimeTabs();

  beforeAll(async () => {
    ({ app, database, close } = await startTestApp(target));
    admin = await signUpAdmin(app);
    ({ lessonIds } = await insertCourse(database.db, { lessonTitles: ['One', 'Two', 'Three'] }));
    await tabs.listen(app);
  });
  afterEach(() => {
    tabs.closeAll();
  });
  afterAll(async () => {
    await close();
  });

  const overview = async (range = 7, as: SignedIn = admin) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/admin/overview?range=${range}`,
      headers: asUser(as),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminOverview>();
  };
  const today = () => new Date().toISOString().slice(0, 10);
  const activeToday = (report: AdminOverview) =>
    report.daily_active_learners.find((point) => point.date === today())?.value;

  /** Opens a text lesson, lets a minute of reading pass and reports it, which completes it. */
  const completeLesson = async (learner: SignedIn, lessonId: string) => {
    expect(
      (await app.inject({ method: 'GET', url: `/api/lessons/${lessonId}`, headers: asUser(learner) })).statusCode,
    ).toBe(200);
    await database.db
      .update(lessonProgress)
      .set({
        firstOpenedAt: sql`${lessonProgress.firstOpenedAt} - interval '60 seconds'`,
        lastReportAt: sql`${lessonProgress.lastReportAt} - interval '60 seconds'`,
      })
      .where(and(eq(lessonProgress.userId, learner.userId), eq(lessonProgress.lessonId, lessonId)));
    const reported = await app.inject({
      method: 'POST',
      url: `/api/lessons/${lessonId}/progress`,
      headers: asUser(learner),
      payload: { kind: 'text' },
    });
    expect(reported.json().changes.lesson_completed_now).toBe(true);
    await app.domainEvents.drain();
  };

  it('a learner who signs up, completes a lesson and earns XP moves each figure by exactly that', async () => {
    const before = await overview();

    const learner = await signUpSubscribed(app, 'calm');
    await app.inject({ method: 'GET', url: '/api/me', headers: asUser(learner) });
    await app.domainEvents.drain();
    const signedUp = await overview();
    const dailyLogin = signedUp.kpis.xp_earned.current - before.kpis.xp_earned.current;
    expect(dailyLogin).toBe(5);
    await completeLesson(learner, lessonIds[0] as string);
    const after = await overview();

    expect(after.kpis.users_total).toMatchObject({
      current: before.kpis.users_total.current + 1,
      previous: before.kpis.users_total.previous,
    });
    expect(after.kpis.new_signups.current).toBe(before.kpis.new_signups.current + 1);
    expect(after.kpis.lesson_completions.current).toBe(before.kpis.lesson_completions.current + 1);
    expect(after.kpis.course_completions.current).toBe(before.kpis.course_completions.current);
    expect(after.kpis.xp_earned.current).toBe(before.kpis.xp_earned.current + 5 + 10);
    for (const key of ['active_learners_day', 'active_learners_week', 'active_learners_month'] as const) {
      expect(after.kpis[key].current, key).toBe(before.kpis[key].current + 1);
    }
    expect(activeToday(after)).toBe((activeToday(before) ?? 0) + 1);
    expect(after.daily_active_learners).toHaveLength(7);
    const calm = (report: AdminOverview) => report.subscriptions.find((row) => row.tier === 'calm');
    expect(calm(after)?.active).toBe((calm(before)?.active ?? 0) + 1);
    expect(after.recent_signups[0]).toMatchObject({ id: learner.userId, email: expect.stringContaining('@') });
  });

  it('activity of the period before lands in the previous figures, and the change compares the two', async () => {
    const before = await overview(7);

    const returning = await signUpAndConfirm(app);
    await database.db
      .update(users)
      .set({ createdAt: daysAgo(10) })
      .where(eq(users.id, returning.userId));
    await createActivityRepository({ db: database.db }).addTime({
      userId: returning.userId,
      endedAt: daysAgo(10),
      seconds: 600,
      source: 'lesson',
    });
    const learner = await signUpSubscribed(app, 'calm');
    await completeLesson(learner, lessonIds[1] as string);
    await database.db
      .update(lessonProgress)
      .set({ completedAt: daysAgo(9), lastActivityAt: daysAgo(9) })
      .where(and(eq(lessonProgress.userId, learner.userId), eq(lessonProgress.lessonId, lessonIds[1] as string)));
    const earned = await database.db.select().from(userXp).where(eq(userXp.userId, learner.userId));
    const earnedXp = earned.reduce((total, row) => total + row.xp, 0);
    expect(earnedXp).toBeGreaterThanOrEqual(10);
    await database.db
      .update(userXp)
      .set({ createdAt: daysAgo(9) })
      .where(eq(userXp.userId, learner.userId));
    const after = await overview(7);

    expect(after.kpis.new_signups).toMatchObject({
      current: before.kpis.new_signups.current + 1,
      previous: before.kpis.new_signups.previous + 1,
    });
    expect(after.kpis.users_total).toMatchObject({
      current: before.kpis.users_total.current + 2,
      previous: before.kpis.users_total.previous + 1,
    });
    expect(after.kpis.lesson_completions).toMatchObject({
      current: before.kpis.lesson_completions.current,
      previous: before.kpis.lesson_completions.previous + 1,
    });
    expect(after.kpis.xp_earned).toMatchObject({
      current: before.kpis.xp_earned.current,
      previous: before.kpis.xp_earned.previous + earnedXp,
    });
    expect(after.kpis.active_learners_week).toMatchObject({
      current: before.kpis.active_learners_week.current + 2,
      previous: before.kpis.active_learners_week.previous + 2,
    });
    expect(after.kpis.active_learners_month.current).toBe(before.kpis.active_learners_month.current + 2);
    for (const figure of Object.values(after.kpis)) {
      if (figure.current === null || figure.previous === null) continue;
      expect(figure.change).toBe(figure.current - figure.previous);
    }
    const { xp_earned } = after.kpis;
    expect(xp_earned.change_percent).toBe(
      xp_earned.previous === 0
        ? null
        : Math.round(((xp_earned.current - xp_earned.previous) / xp_earned.previous) * 1000) / 10,
    );
  });

  it('SCORM attempts of the period count, and the pass rate is passed among attempts with a verdict', async () => {
    const before = await overview(30);
    const learner = await signUpAndConfirm(app);
    const { packageId, scoId } = await insertReadyScormPackage(database.db);
    const [enrollment] = await database.db
      .insert(scormEnrollments)
      .values({ packageId, learnerId: learner.userId })
      .returning({ id: scormEnrollments.id });
    const attempt = (number: number, successStatus: string, startedAt = new Date()) => ({
      enrollmentId: enrollment?.id as string,
      scoId,
      learnerId: learner.userId,
      number,
      successStatus,
      startedAt,
    });
    await database.db
      .insert(scormAttempts)
      .values([
        attempt(1, 'failed'),
        attempt(2, 'passed'),
        attempt(3, 'passed'),
        attempt(4, 'unknown'),
        attempt(5, 'passed', daysAgo(40)),
      ]);
    const after = await overview(30);

    expect(after.kpis.scorm_attempts).toMatchObject({
      current: before.kpis.scorm_attempts.current + 4,
      previous: before.kpis.scorm_attempts.previous + 1,
    });
    expect(before.kpis.scorm_pass_rate.current).toBeNull();
    expect(after.kpis.scorm_pass_rate).toMatchObject({ current: 66.7, previous: 100, change: -33.3 });
  });

  it('the health panel reports the database, mail path, file store, job queue and open realtime connections', async () => {
    const first = await overview();
    const learner = await signUpAndConfirm(app);
    await tabs.connect(learner);
    await tabs.connect(learner);
    const { health } = await overview();

    expect(health.database).toMatchObject({ status: 'ok', kind: target.name });
    expect(health.database.latency_ms).toBeGreaterThanOrEqual(0);
    // The test app has no SMTP: mail is kept in the outbox, which is a warning, and the confirmation mail waits there.
    expect(health.mail).toMatchObject({ status: 'warning', smtp_configured: false, failed: 0, last_sent_at: null });
    expect(health.mail.pending).toBeGreaterThan(first.health.mail.pending);
    expect(health.files).toMatchObject({ status: 'ok' });
    expect(health.files.latency_ms).toBeGreaterThanOrEqual(0);
    expect(health.jobs).toMatchObject({ status: 'ok', running: true, failed: 0 });
    expect(health.realtime).toEqual({ status: 'ok', connections: first.health.realtime.connections + 2 });
  });

  it('recent admin actions list only what admins did to accounts, newest first, with both names', async () => {
    const learner = await signUpAndConfirm(app, { name: 'Lena Learner' });
    await app.inject({ method: 'PATCH', url: '/api/profile', headers: asUser(learner), payload: { bio: 'mine' } });
    const auditService = createAuditService({
      auditRepository: createAuditRepository({ db: database.db }),
      logger: app.log,
    });
    await auditService.recordAuditEvent({
      userId: learner.userId,
      actorId: admin.userId,
      action: 'user.suspend',
      tableName: 'users',
      recordId: learner.userId,
      oldValues: { suspended: false },
      newValues: { suspended: true },
    });
    const { recent_admin_actions } = await overview();

    expect(recent_admin_actions[0]).toMatchObject({
      action: 'user.suspend',
      actor: { id: admin.userId, email: admin.email },
      target: { id: learner.userId, name: 'Lena Learner' },
      old_values: { suspended: false },
      new_values: { suspended: true },
    });
    expect(recent_admin_actions.every((event) => event.actor !== null)).toBe(true);
  });

  it('with a few hundred learners active on many days, every active learner figure and the daily series stay exact', async () => {
    const before = await overview(90);
    const run = randomUUID().slice(0, 8);
    const learners = Array.from({ length: 240 }, (_, index) => ({ id: `seed-${run}-${index}`, index }));
    const staff = Array.from({ length: 6 }, (_, index) => ({ id: `seed-${run}-staff-${index}`, index }));
    await database.db
      .insert(users)
      .values(
        [...learners, ...staff].map(({ id }) => ({ id, name: id, email: `${id}@example.com`, emailVerified: true })),
      );
    const roles = createRolesRepository({ db: database.db });
    for (const { id, index } of staff) await roles.grant(id, index % 2 ? 'admin' : 'instructor');
    // Each learner's signs of activity, at known instants: learning time, XP awards, a refreshed session.
    const activity = learners.map(({ id, index }) => ({
      id,
      learning: daysAgo(index % 45),
      award: new Date(daysAgo((index * 7) % 60).getTime() - 60_000),
      session: index % 4 === 0 ? daysAgo(index % 3) : null,
    }));
    await database.db.insert(learningTimeHourly).values(
      activity.map(({ id, learning }) => ({
        userId: id,
        hour: new Date(Math.floor(learning.getTime() / 3_600_000) * 3_600_000),
        source: 'lesson' as const,
        seconds: 300,
      })),
    );
    const xpRow = (userId: string, kind: 'award' | 'spend', xp: number, createdAt: Date) => ({
      userId,
      kind,
      eventType: kind === 'award' ? 'lesson_completed' : 'purchase',
      idempotencyKey: `${kind}-${userId}`,
      baseXp: Math.abs(xp),
      xp,
      localDay: createdAt.toISOString().slice(0, 10),
      createdAt,
    });
    await database.db.insert(userXp).values([
      ...activity.map(({ id, award }) => xpRow(id, 'award', 10, award)),
      // Spending XP is not learning; staff activity is not a learner's.
      ...learners.slice(0, 30).map(({ id }) => xpRow(id, 'spend', -5, daysAgo(50))),
      ...staff.map(({ id }) => xpRow(id, 'award', 10, new Date())),
    ]);
    const refreshed = activity.filter((row) => row.session);
    await database.db.insert(sessions).values(
      refreshed.map(({ id, session }) => ({
        id: `${id}-session`,
        token: `${id}-token`,
        userId: id,
        expiresAt: daysAgo(-7),
        updatedAt: session as Date,
      })),
    );
    // A session refreshed again today moves its learner into today as well.
    const [refreshedToday] = refreshed.filter(({ session }) => session && utcDaysAgo(session) > 0);
    await database.db
      .update(sessions)
      .set({ updatedAt: new Date() })
      .where(eq(sessions.userId, refreshedToday?.id as string));

    const daysOf = new Map(
      activity.map(({ id, learning, award, session }) => [
        id,
        new Set(
          [learning, award, ...(session ? [session] : []), ...(id === refreshedToday?.id ? [new Date()] : [])].map(
            utcDaysAgo,
          ),
        ),
      ]),
    );
    const activeIn = (from: number, to: number) =>
      [...daysOf.values()].filter((days) => [...days].some((day) => day >= from && day <= to)).length;
    const after = await overview(90);

    const expected = {
      active_learners_day: [activeIn(0, 0), activeIn(1, 1)],
      active_learners_week: [activeIn(0, 6), activeIn(7, 13)],
      active_learners_month: [activeIn(0, 29), activeIn(30, 59)],
    } as const;
    for (const [key, [current, previous]] of Object.entries(expected)) {
      const figure = after.kpis[key as keyof typeof expected];
      expect([figure.current, figure.previous], key).toEqual([
        before.kpis[key as keyof typeof expected].current + current,
        before.kpis[key as keyof typeof expected].previous + previous,
      ]);
    }
    expect(after.daily_active_learners).toHaveLength(90);
    for (const [index, point] of after.daily_active_learners.entries()) {
      const ago = 89 - index;
      const seeded = [...daysOf.values()].filter((days) => days.has(ago)).length;
      expect(point.value, point.date).toBe((before.daily_active_learners[index]?.value ?? 0) + seeded);
    }

    // A deleted learner's days go with the account.
    const gone = learners.filter(({ index }) => index % 45 === 0).map(({ id }) => id);
    const goneIn = (from: number, to: number) =>
      gone.filter((id) => [...(daysOf.get(id) ?? [])].some((day) => day >= from && day <= to)).length;
    expect(goneIn(0, 0)).toBeGreaterThan(0);
    await database.db.delete(users).where(inArray(users.id, gone));
    const afterDeletion = await overview(90);
    for (const [key, [from, to]] of [
      ['active_learners_day', [0, 0]],
      ['active_learners_week', [0, 6]],
      ['active_learners_month', [0, 29]],
    ] as const) {
      const length = to - from + 1;
      expect(afterDeletion.kpis[key], key).toMatchObject({
        current: after.kpis[key].current - goneIn(from, to),
        previous: after.kpis[key].previous - goneIn(from + length, to + length),
      });
    }
  });

  it('only admins see it: instructors and learners get 403, signed-out callers 401, a bad range 400; staff are not counted as learners', async () => {
    const before = await overview();
    const learner = await signUpSubscribed(app, 'universal');
    const instructor = await signUpAndConfirm(app);
    await grantRole(app, instructor.userId, 'instructor');
    // Staff are not learners: the instructor's sign-in does not count as learning activity.
    expect((await overview()).kpis.active_learners_day.current).toBe(before.kpis.active_learners_day.current + 1);

    for (const caller of [learner, instructor]) {
      for (const url of ['/api/admin/overview', '/api/admin/audit']) {
        expect((await app.inject({ method: 'GET', url, headers: asUser(caller) })).statusCode, url).toBe(403);
      }
    }
    expect((await app.inject({ method: 'GET', url: '/api/admin/overview' })).statusCode).toBe(401);
    for (const range of ['14', 'abc', '-7']) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/admin/overview?range=${range}`,
        headers: asUser(admin),
      });
      expect(response.statusCode, range).toBe(400);
    }
    expect((await overview(90)).daily_active_learners).toHaveLength(90);
  });
});
