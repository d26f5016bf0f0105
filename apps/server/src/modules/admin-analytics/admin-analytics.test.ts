import { randomUUID } from 'node:crypto';
import type { AdminAnalytics, AtRiskLearner, AtRiskPage } from '@portal/shared/admin-analytics';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { signUpAdmin } from '../../testing/billing-factories.ts';
import { grantRole, readMailbox, type SignedIn, signUpAndConfirm, signUpSubscribed } from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { accountStates } from '../admin-users/admin-users.table.ts';
import { auditEvents } from '../audit/audit.table.ts';
import { users } from '../auth/auth.table.ts';
import { profiles } from '../profile/profile.table.ts';
import { createActivitySeeder, DAY, daysAgo, isoDay } from './admin-analytics.testing.ts';

const today = isoDay(new Date());
const monthAgo = isoDay(daysAgo(29));
const RANGE = `from=${monthAgo}&to=${today}`;

describe.each(testTargets())('admin analytics on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let admin: SignedIn;
  let instructor: SignedIn;
  const people: Record<string, SignedIn & { email: string }> = {};
  let courseA: Awaited<ReturnType<ReturnType<typeof createActivitySeeder>['course']>>;
  let scorm: { packageId: string; scoId: string };

  beforeAll(async () => {
    ({ app, database, close } = await startTestApp(target));
    const seed = createActivitySeeder(database.db);
    admin = await signUpAdmin(app);
    instructor = await signUpAndConfirm(app);
    await grantRole(app, instructor.userId, 'instructor');
    for (const name of [
      'steady',
      'finisher',
      'idle',
      'idleLong',
      'quizFailer',
      'quizRecovered',
      'goalBehind',
      'goalOnTrack',
      'scormFailer',
      'scormPasser',
    ]) {
      people[name] = await signUpSubscribed(app, 'calm', { name });
    }
    const person = (name: string) => people[name]?.userId ?? '';

    courseA = await seed.course('Course A', 3);
    const courseB = await seed.course('Course B', 2);
    await seed.progress(person('steady'), courseA, 2);
    await seed.progress(person('finisher'), courseA, 4);
    await seed.progress(person('idle'), courseA, 0, daysAgo(10));
    await seed.progress(person('idleLong'), courseA, 1, daysAgo(40));
    await seed.progress(person('quizFailer'), courseA, 1);
    await seed.progress(person('quizRecovered'), courseA, 0);
    await seed.progress(instructor.userId, courseA, 4);
    await seed.progress(person('goalOnTrack'), courseB, 1);
    await seed.quizAttempts(person('quizFailer'), courseA, [false, false]);
    await seed.quizAttempts(person('quizRecovered'), courseA, [false, false, true]);
    await seed.xp(person('steady'), 150);
    await seed.xp(person('finisher'), 1200);
    await seed.xp(person('goalBehind'), 20);
    await seed.xp(instructor.userId, 500);
    await seed.streak(person('steady'), 8, today);
    await seed.streak(person('idle'), 5, isoDay(daysAgo(10)));
    await seed.courseGoal(person('goalBehind'), courseA.id, { dueDate: isoDay(daysAgo(-1)), createdAt: daysAgo(20) });
    await seed.courseGoal(person('goalOnTrack'), courseB.id, { dueDate: isoDay(daysAgo(-30)), createdAt: daysAgo(1) });
    scorm = await seed.scormPackage('Safety basics', courseA);
    await seed.scormAttempts(person('scormFailer'), scorm, ['failed', 'failed']);
    await seed.scormAttempts(person('scormPasser'), scorm, ['failed', 'passed', 'unknown']);
    await database.db
      .update(profiles)
      .set({ primaryLanguage: 'German' })
      .where(eq(profiles.id, person('idle')));
    await database.db
      .update(users)
      .set({ name: '=SUM(1,2)' })
      .where(eq(users.id, person('idleLong')));
  });
  afterAll(async () => {
    await close();
  });

  const get = (url: string, who: SignedIn = admin) =>
    app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
  const nudge = (userId: string, who: SignedIn = admin) =>
    app.inject({
      method: 'POST',
      url: `/api/admin/analytics/at-risk/${userId}/nudge`,
      headers: { cookie: who.cookie },
    });
  const atRisk = async (query = '') => {
    const response = await get(`/api/admin/analytics/at-risk${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<AtRiskPage>();
  };
  const flaggedAs = (page: AtRiskPage, name: string): AtRiskLearner | undefined =>
    page.learners.find((learner) => learner.user_id === people[name]?.userId);
  const setInactiveDays = async (days: number) => {
    const current = (await get('/api/admin/gamification/settings')).json<{ settings: Record<string, unknown> }>();
    const response = await app.inject({
      method: 'PUT',
      url: '/api/admin/gamification/settings',
      headers: { cookie: admin.cookie },
      payload: { ...current.settings, at_risk_days: days },
    });
    expect(response.statusCode).toBe(200);
  };

  it('counts each course funnel from the learners who opened it in the range, staff left out', async () => {
    const body = (await get(`/api/admin/analytics?${RANGE}`)).json<AdminAnalytics>();
    expect(body.funnels.find((funnel) => funnel.course_id === courseA.id)).toEqual({
      course_id: courseA.id,
      title: 'Course A',
      enrolled: 5,
      started: 3,
      half: 2,
      completed: 1,
    });
    const narrowed = (await get(`/api/admin/analytics?${RANGE}&course=${courseA.id}`)).json<AdminAnalytics>();
    expect(narrowed.course_id).toBe(courseA.id);
    expect(narrowed.funnels.map((funnel) => funnel.course_id)).toEqual([courseA.id]);
    expect(body.courses.map((course) => course.title)).toEqual(['Course A', 'Course B']);
  });

  it('reports daily active learners, lesson completions and XP per day, zero-filled over the range', async () => {
    const body = (await get(`/api/admin/analytics?${RANGE}`)).json<AdminAnalytics>();
    expect(body.engagement).toHaveLength(30);
    expect(body.engagement[0]?.date).toBe(monthAgo);
    expect(body.engagement.at(-1)).toEqual({ date: today, active_learners: 6, lesson_completions: 7, xp: 1370 });
    expect(body.engagement.find((day) => day.date === isoDay(daysAgo(10)))).toMatchObject({ active_learners: 1 });
    expect(body.engagement.reduce((sum, day) => sum + day.xp, 0)).toBe(1370);
  });

  it('gives the SCORM pass rate per package from passed and failed attempts', async () => {
    const body = (await get(`/api/admin/analytics?${RANGE}`)).json<AdminAnalytics>();
    expect(body.scorm).toEqual([
      { package_id: scorm.packageId, title: 'Safety basics', attempts: 5, passed: 1, failed: 3, pass_rate: 25 },
    ]);
  });

  it('buckets learners by lifetime XP and by the streak they still hold today', async () => {
    const body = (await get(`/api/admin/analytics?${RANGE}`)).json<AdminAnalytics>();
    const learners = Object.keys(people).length;
    expect(body.xp_distribution.reduce((sum, bucket) => sum + bucket.learners, 0)).toBe(learners);
    expect(body.xp_distribution).toEqual([
      { min: 0, max: 0, learners: learners - 3 },
      { min: 1, max: 99, learners: 1 },
      { min: 100, max: 499, learners: 1 },
      { min: 500, max: 999, learners: 0 },
      { min: 1000, max: 4999, learners: 1 },
      { min: 5000, max: null, learners: 0 },
    ]);
    expect(body.streak_distribution.find((bucket) => bucket.min === 7)).toEqual({ min: 7, max: 13, learners: 1 });
    expect(body.streak_distribution[0]).toEqual({ min: 0, max: 0, learners: learners - 1 });
  });

  it('flags each at-risk learner for their own reason, most idle first, and nobody else', async () => {
    const page = await atRisk();
    expect(page.inactive_days).toBe(7);
    expect(page.learners.map((learner) => learner.name).slice(0, 2)).toEqual(['=SUM(1,2)', 'idle']);
    expect(flaggedAs(page, 'idle')?.reasons).toEqual([{ code: 'inactive', days: 10 }]);
    expect(flaggedAs(page, 'idleLong')?.reasons).toEqual([{ code: 'inactive', days: 40 }]);
    expect(flaggedAs(page, 'goalBehind')?.reasons).toEqual([
      expect.objectContaining({ code: 'goal_behind', goal_title: 'Finish the course', percent: 0 }),
    ]);
    expect(flaggedAs(page, 'quizFailer')?.reasons).toEqual([
      {
        code: 'quiz_failed',
        lesson_id: courseA.quizId,
        lesson_title: 'Course A check',
        course_title: 'Course A',
        failures: 2,
      },
    ]);
    expect(flaggedAs(page, 'scormFailer')?.reasons).toEqual([
      {
        code: 'scorm_failed',
        package_id: scorm.packageId,
        package_title: 'Safety basics',
        sco_title: 'Start',
        failures: 2,
      },
    ]);
    for (const fine of ['steady', 'finisher', 'quizRecovered', 'goalOnTrack', 'scormPasser']) {
      expect(flaggedAs(page, fine), fine).toBeUndefined();
    }
    const ids = page.learners.map((learner) => learner.user_id);
    expect(ids).not.toContain(admin.userId);
    expect(ids).not.toContain(instructor.userId);
    expect(page.learners).toHaveLength(5);
    expect(flaggedAs(page, 'idle')?.last_activity_at?.slice(0, 10)).toBe(isoDay(daysAgo(10)));
  });

  it('the thresholds screen’s inactive days decide who counts as idle', async () => {
    await setInactiveDays(14);
    const page = await atRisk();
    expect(page.inactive_days).toBe(14);
    expect(flaggedAs(page, 'idle')).toBeUndefined();
    expect(flaggedAs(page, 'idleLong')).toBeDefined();
    await setInactiveDays(7);
    expect(flaggedAs(await atRisk(), 'idle')).toBeDefined();
  });

  it('narrowed to a course, lists only learners of that course', async () => {
    const page = await atRisk(`?course=${courseA.id}`);
    expect(flaggedAs(page, 'quizFailer')).toBeDefined();
    expect(flaggedAs(page, 'goalBehind')).toBeUndefined();
  });

  it('a nudge mails the learner in their language, is audited, and a second one within a day is refused', async () => {
    const idle = people.idle as SignedIn & { email: string };
    const sent = await nudge(idle.userId);
    expect(sent.statusCode).toBe(200);
    const body = sent.json<{ sent_at: string; next_nudge_at: string }>();
    expect(Date.parse(body.next_nudge_at) - Date.parse(body.sent_at)).toBe(DAY);
    const mails = (await readMailbox(app)).filter((mail) => mail.recipient === idle.email);
    expect(mails[0]).toMatchObject({ channel: 'email', subject: 'Ihr Lernen wartet auf Sie' });
    expect(mails[0]?.text).toContain('http://localhost:3000/dashboard/learner');

    const audit = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'learner.nudge'), eq(auditEvents.userId, idle.userId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorId).toBe(admin.userId);

    const again = await nudge(idle.userId);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ error: { code: 'rate_limited', reasons: [body.next_nudge_at] } });
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect((await readMailbox(app)).filter((mail) => mail.recipient === idle.email)).toHaveLength(mails.length);

    const listed = flaggedAs(await atRisk(), 'idle');
    expect(listed?.last_nudged_at).toBe(body.sent_at);
    expect(listed?.next_nudge_at).toBe(body.next_nudge_at);
  });

  it('nudging someone who is not a learner finds nobody and sends nothing', async () => {
    const before = (await readMailbox(app)).length;
    expect((await nudge('no-such-user')).statusCode).toBe(404);
    expect((await nudge(instructor.userId)).statusCode).toBe(404);
    expect((await readMailbox(app)).length).toBe(before);
  });

  it('exports each section as CSV with spreadsheet formulas defused', async () => {
    const funnels = await get(`/api/admin/analytics/export.csv?section=funnels&${RANGE}`);
    expect(funnels.statusCode).toBe(200);
    expect(funnels.headers['content-type']).toContain('text/csv');
    expect(funnels.headers['content-disposition']).toContain('attachment');
    expect(funnels.body).toContain(`${courseA.id},Course A,5,3,2,1\r\n`);
    const engagement = await get(`/api/admin/analytics/export.csv?section=engagement&${RANGE}`);
    expect(engagement.body.trim().split('\r\n')).toHaveLength(31);
    expect(engagement.body).toContain(`${today},6,7,1370`);
    const scormCsv = await get(`/api/admin/analytics/export.csv?section=scorm&${RANGE}`);
    expect(scormCsv.body).toContain(`${scorm.packageId},Safety basics,5,1,3,25`);
    const risky = await get(`/api/admin/analytics/export.csv?section=at-risk&${RANGE}`);
    expect(risky.body).toContain(`"'=SUM(1,2)"`);
    expect(risky.body).toContain('inactive 40 days');
    expect(risky.body).toContain('failed quiz "Course A check"'.replaceAll('"', '""'));
  });

  it('refuses bad ranges, unknown courses and broken page links with a 4xx', async () => {
    const status = async (url: string) => (await get(url)).statusCode;
    expect(await status(`/api/admin/analytics?from=${today}&to=${monthAgo}`)).toBe(400);
    expect(await status('/api/admin/analytics?from=2025-01-01&to=2026-02-01')).toBe(400);
    expect(await status('/api/admin/analytics?from=2026-02-30&to=2026-03-01')).toBe(400);
    expect(await status('/api/admin/analytics')).toBe(400);
    expect(await status(`/api/admin/analytics?${RANGE}&course=not-a-course`)).toBe(400);
    expect(await status(`/api/admin/analytics?${RANGE}&course=${randomUUID()}`)).toBe(404);
    expect(await status('/api/admin/analytics/at-risk?cursor=bm90LWEtY3Vyc29y')).toBe(400);
    expect(await status(`/api/admin/analytics/export.csv?section=users&${RANGE}`)).toBe(400);
    expect(await status('/api/admin/analytics?from=2025-01-01&to=2025-12-31')).toBe(200);
  });

  it('is for admins only: instructors and learners get 403, signed-out callers 401', async () => {
    const learner = people.steady as SignedIn;
    for (const who of [instructor, learner]) {
      expect((await get(`/api/admin/analytics?${RANGE}`, who)).statusCode).toBe(403);
      expect((await get('/api/admin/analytics/at-risk', who)).statusCode).toBe(403);
      expect((await get(`/api/admin/analytics/export.csv?section=at-risk&${RANGE}`, who)).statusCode).toBe(403);
      expect((await nudge(learner.userId, who)).statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: '/api/admin/analytics/at-risk' })).statusCode).toBe(401);
  });

  it('a suspended learner is no longer listed and cannot be nudged', async () => {
    const suspended = people.scormFailer as SignedIn;
    await database.db
      .update(accountStates)
      .set({ suspendedAt: new Date() })
      .where(eq(accountStates.userId, suspended.userId));
    expect(flaggedAs(await atRisk(), 'scormFailer')).toBeUndefined();
    expect((await nudge(suspended.userId)).statusCode).toBe(409);
  });

  it('pages through many at-risk learners without repeats or gaps', async () => {
    const created = daysAgo(20);
    await database.db.insert(users).values(
      Array.from({ length: 60 }, (_, index) => ({
        id: `idle-${index}-${randomUUID()}`,
        name: `Idle ${index}`,
        email: `idle-${index}-${randomUUID().slice(0, 8)}@example.com`,
        createdAt: created,
      })),
    );
    const first = await atRisk();
    expect(first.learners).toHaveLength(50);
    expect(first.next_cursor).not.toBeNull();
    const second = await atRisk(`?cursor=${first.next_cursor}`);
    expect(second.next_cursor).toBeNull();
    const ids = [...first.learners, ...second.learners].map((learner) => learner.user_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(64);
  });
});
