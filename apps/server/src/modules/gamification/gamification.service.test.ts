import { TZDate } from '@date-fns/tz';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { type SignedIn, signUpSubscribed } from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import type { DomainEvent } from '../events/domain-event.types.ts';
import { createProfileRepository } from '../profile/profile.repository.ts';
import { createGamificationRepository } from './gamification.repository.ts';
import { createGamificationService, type GamificationService, type WatchedTable } from './gamification.service.ts';
import { streaks, userXp, xpAccounts, xpAwardCounts } from './gamification.table.ts';

/** The instant a wall-clock time (YYYY-MM-DDTHH:mm) happens in `zone`. */
function wallClock(local: string, zone: string): Date {
  const [date = '', time = '00:00'] = local.split('T');
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return new Date(new TZDate(year, month - 1, day, hour, minute, zone).getTime());
}

describe.each(testTargets())('streaks and daily XP with a fixed clock on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let service: GamificationService;
  let repository: ReturnType<typeof createGamificationRepository>;
  let clock = new Date('2026-01-01T12:00:00Z');
  const pushed: { userId: string; tables: WatchedTable[] }[] = [];

  beforeAll(async () => {
    ({ app, database, close } = await startTestApp(target));
    const profiles = createProfileRepository({ db: database.db });
    repository = createGamificationRepository({ db: database.db });
    service = createGamificationService({
      repository,
      timeZoneOf: async (userId) => (await profiles.findByUserId(userId))?.timezone ?? 'UTC',
      canUseShop: async () => true,
      publish: (userId, tables) => pushed.push({ userId, tables }),
      audit: async () => undefined,
      logger: { warn: () => undefined },
      now: () => clock,
    });
  });
  afterAll(async () => {
    await close();
  });

  /** A new learner in `timeZone` with no XP yet (the first visit's daily login, at today's real date, is undone). */
  async function learnerIn(timeZone: string): Promise<SignedIn> {
    const learner = await signUpSubscribed(app, 'calm');
    await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: learner.cookie } });
    const mine = (table: typeof userXp | typeof streaks | typeof xpAccounts) => eq(table.userId, learner.userId);
    await vi.waitFor(async () => expect(await database.db.select().from(userXp).where(mine(userXp))).toHaveLength(1));
    await database.db.delete(userXp).where(mine(userXp));
    await database.db.delete(streaks).where(mine(streaks));
    await database.db.delete(xpAccounts).where(mine(xpAccounts));
    await moveTo(learner, timeZone);
    return learner;
  }
  async function moveTo(learner: SignedIn, timeZone: string) {
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie: learner.cookie },
      payload: { timezone: timeZone },
    });
    expect(response.statusCode).toBe(200);
  }
  let sequence = 0;
  /** A lesson completed at `instant`, delivered as the domain event the progress feature records. */
  async function completeLesson(learner: SignedIn, instant: Date) {
    clock = instant;
    sequence += 1;
    const lessonId = `lesson-${sequence}`;
    await service.onDomainEvent({
      id: `event-${sequence}`,
      type: 'lesson.completed',
      userId: learner.userId,
      subjectId: lessonId,
      payload: { lessonId, moduleId: 'module-1', courseId: 'course-1' },
      occurredAt: instant,
    } as DomainEvent);
  }
  /** 200 XP from a completed course. */
  async function earnCourseXp(learner: SignedIn) {
    sequence += 1;
    await service.awardXp({
      userId: learner.userId,
      eventType: 'course_completed',
      subjectId: `course-${sequence}`,
      value: null,
      idempotencyKey: `course_completed:course-${sequence}`,
      occurredAt: clock,
    });
  }
  const statsAt = async (learner: SignedIn, instant: Date) => {
    clock = instant;
    return service.getStats(learner.userId);
  };

  it('a week of lessons across the New York spring-forward night is a 7-day streak; from day 7 on lessons earn x1.1', async () => {
    const zone = 'America/New_York';
    const learner = await learnerIn(zone);
    for (const day of ['04', '05', '06', '07', '08', '09', '10']) {
      await completeLesson(learner, wallClock(`2026-03-${day}T23:30`, zone));
    }
    expect((await statsAt(learner, wallClock('2026-03-10T23:45', zone))).streak).toMatchObject({
      current: 7,
      today_done: true,
    });

    await completeLesson(learner, wallClock('2026-03-11T07:00', zone));

    const stats = await statsAt(learner, wallClock('2026-03-11T08:00', zone));
    expect(stats.streak.current).toBe(8);
    expect(stats.recent_awards[0]).toMatchObject({ xp: 11, multiplier: 1.1 });
    expect(stats.total_xp).toBe(6 * 10 + 11 + 11);
    expect(stats.badges.earned_keys).toContain('streak_7');
  });

  it('a late-evening lesson and an early-morning one on the fall-back weekend in Berlin are two days', async () => {
    const zone = 'Europe/Berlin';
    const learner = await learnerIn(zone);
    await completeLesson(learner, wallClock('2026-10-24T00:10', zone));
    await completeLesson(learner, wallClock('2026-10-25T23:50', zone));
    expect((await statsAt(learner, wallClock('2026-10-25T23:55', zone))).streak.current).toBe(2);
    expect((await statsAt(learner, wallClock('2026-10-27T00:05', zone))).streak).toMatchObject({ current: 0 });
  });

  it('a learner who flies from Los Angeles to Tokyo keeps the streak', async () => {
    const learner = await learnerIn('America/Los_Angeles');
    await completeLesson(learner, wallClock('2026-05-10T20:00', 'America/Los_Angeles'));
    await moveTo(learner, 'Asia/Tokyo');

    await completeLesson(learner, wallClock('2026-05-12T08:00', 'Asia/Tokyo'));

    const stats = await statsAt(learner, wallClock('2026-05-12T10:00', 'Asia/Tokyo'));
    expect(stats.streak).toMatchObject({ current: 2, today_done: true });
    const streaks = await service.getStreaks(learner.userId);
    expect(streaks.time_zone).toBe('Asia/Tokyo');
    expect(streaks.calendar.filter((day) => day.status === 'active').map((day) => day.day)).toEqual([
      '2026-05-10',
      '2026-05-12',
    ]);
  });

  it('a streak freeze bought in the shop covers a missed day and shows on the calendar', async () => {
    const zone = 'Europe/Berlin';
    const learner = await learnerIn(zone);
    await completeLesson(learner, wallClock('2026-05-01T09:00', zone));
    await earnCourseXp(learner);
    await service.purchaseItem({ userId: learner.userId, itemId: 'streak_freeze' });

    await completeLesson(learner, wallClock('2026-05-03T09:00', zone));

    const streaks = await service.getStreaks(learner.userId);
    expect(streaks.streaks.find((streak) => streak.type === 'learning')).toMatchObject({
      current: 2,
      freezes_held: 0,
      freezes_used: 1,
    });
    expect(streaks.calendar.slice(-3)).toEqual([
      { day: '2026-05-01', status: 'active' },
      { day: '2026-05-02', status: 'frozen' },
      { day: '2026-05-03', status: 'active' },
    ]);
  });

  it('update_streak spends a held freeze for a missed day, and ends the streak when none is left', async () => {
    const zone = 'UTC';
    const learner = await learnerIn(zone);
    await completeLesson(learner, wallClock('2026-07-01T09:00', zone));
    await earnCourseXp(learner);
    await service.purchaseItem({ userId: learner.userId, itemId: 'streak_freeze' });

    clock = wallClock('2026-07-03T09:00', zone);
    const covered = await service.updateStreak(learner.userId, 'learning');
    expect(covered).toMatchObject({ current: 1, freezes_held: 0, freezes_used: 1, at_risk: true });

    clock = wallClock('2026-07-05T09:00', zone);
    expect(await service.updateStreak(learner.userId, 'learning')).toMatchObject({ current: 0, at_risk: false });
    expect(pushed.some((push) => push.userId === learner.userId && push.tables.includes('streaks'))).toBe(true);
  });

  it('the daily login earns once per local day of the learner, not per UTC day', async () => {
    const learner = await learnerIn('Asia/Tokyo');

    clock = new Date('2026-06-01T14:00:00Z');
    await service.noteSignedInVisit(learner.userId);
    clock = new Date('2026-06-01T14:30:00Z');
    await service.noteSignedInVisit(learner.userId);
    expect((await service.getStats(learner.userId)).total_xp).toBe(5);

    clock = new Date('2026-06-01T15:30:00Z');
    await service.noteSignedInVisit(learner.userId);

    const stats = await service.getStats(learner.userId);
    expect(stats.total_xp).toBe(10);
    expect(stats.daily_login_claimed).toBe(true);
    // Logging in on two days is a login streak, not a learning streak.
    expect((await service.getStreaks(learner.userId)).streaks).toEqual([
      expect.objectContaining({ type: 'learning', current: 0 }),
      expect.objectContaining({ type: 'login', current: 2 }),
    ]);
  });

  it('a double XP boost doubles awards for 30 minutes', async () => {
    const zone = 'UTC';
    const learner = await learnerIn(zone);
    clock = wallClock('2026-08-01T09:00', zone);
    await earnCourseXp(learner);
    const bought = await service.purchaseItem({ userId: learner.userId, itemId: 'double_xp' });
    expect(bought).toMatchObject({ multiplier: 2, xp_spent: 150, balance: 50 });

    await completeLesson(learner, wallClock('2026-08-01T09:29', zone));
    await completeLesson(learner, wallClock('2026-08-01T09:31', zone));

    const awards = (await statsAt(learner, wallClock('2026-08-01T09:32', zone))).recent_awards;
    expect(awards.slice(0, 2).map((award) => [award.xp, award.multiplier])).toEqual([
      [10, 1],
      [20, 2],
    ]);
  });

  /** A game finished at the clock's time, with its own key unless `key` repeats one. */
  const finishGame = (learner: SignedIn, key: string) =>
    service.awardXp({
      userId: learner.userId,
      eventType: 'game_completed',
      subjectId: key,
      value: null,
      idempotencyKey: `game_completed:${key}`,
      occurredAt: clock,
    });
  const ledgerOf = (learner: SignedIn) => database.db.select().from(userXp).where(eq(userXp.userId, learner.userId));
  const accountOf = async (learner: SignedIn) =>
    (await database.db.select().from(xpAccounts).where(eq(xpAccounts.userId, learner.userId)))[0];

  it('games finished at once in several tabs keep the daily cap, and a repeated key counts once', async () => {
    const learner = await learnerIn('UTC');
    clock = wallClock('2026-09-01T09:00', 'UTC');
    await earnCourseXp(learner);

    // Fifteen games of 5 XP each against a daily cap of 50, and the same game sent three more times (a double
    // click, a retry), all at once: each award reads before the others have written.
    const keys = [...Array.from({ length: 15 }, (_, n) => `game-${n}`), 'game-0', 'game-0', 'game-0'];
    const results = await Promise.all(keys.map((key) => finishGame(learner, key)));

    const games = (await ledgerOf(learner)).filter((row) => row.eventType === 'game_completed');
    expect(games).toHaveLength(15);
    expect(games.reduce((sum, row) => sum + row.baseXp, 0)).toBe(50);
    expect(results.filter((result) => result.duplicate)).toHaveLength(3);
    const ledgerTotal = (await ledgerOf(learner)).reduce((sum, row) => sum + row.xp, 0);
    expect((await accountOf(learner))?.totalXp).toBe(ledgerTotal);
    expect(ledgerTotal).toBe(250);
  });

  it('an award decided from an account that changed since it was read writes nothing and tells no tab', async () => {
    const learner = await learnerIn('UTC');
    const heard: string[] = [];
    const unlisten = await database.listen('award_notices_test', (payload) => heard.push(payload));
    const notices = [{ channel: 'award_notices_test', payload: 'late-game' }];
    clock = wallClock('2026-10-01T09:00', 'UTC');
    await earnCourseXp(learner);
    const read = await repository.readTogether({ account: repository.versionedAccountPart(learner.userId) });
    const version = read.account?.version ?? '';
    const write = {
      ledger: {
        userId: learner.userId,
        kind: 'award' as const,
        eventType: 'game_completed',
        subjectId: 'late-game',
        idempotencyKey: 'game_completed:late-game',
        baseXp: 5,
        multiplier: 1,
        xp: 5,
        localDay: '2026-10-01',
        createdAt: clock,
      },
      streak: null,
      badgeKeys: [],
      achievements: [],
    };

    // Another tab buys something meanwhile: the account is a new version.
    await database.db.update(xpAccounts).set({ spentXp: 10 }).where(eq(xpAccounts.userId, learner.userId));
    expect(await repository.saveAwards([{ version, write, notices }])).toEqual([undefined]);
    expect((await ledgerOf(learner)).map((row) => row.subjectId)).not.toContain('late-game');
    expect((await accountOf(learner))?.totalXp).toBe(200);

    // Against the account as it is now, the same award is written, once: its key is then used, and a second write
    // with the new version undoes its own credit.
    const current = (await repository.readTogether({ account: repository.versionedAccountPart(learner.userId) }))
      .account?.version;
    const [saved] = await repository.saveAwards([{ version: current ?? '', write, notices }]);
    const after = (await repository.readTogether({ account: repository.versionedAccountPart(learner.userId) })).account
      ?.version;
    // The answer names the account's version the write left.
    expect(saved).toEqual({ grantedBadges: [], version: after });
    expect(await repository.saveAwards([{ version: after ?? '', write, notices }])).toEqual([undefined]);
    expect((await accountOf(learner))?.totalXp).toBe(205);
    // Notices arrive in the order their transactions committed: by the marker, every committed one has.
    await database.notify('award_notices_test', 'marker');
    await vi.waitFor(() => expect(heard).toContain('marker'));
    expect(heard).toEqual(['late-game', 'marker']);
    await unlisten();
    const late = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(userXp)
      .where(and(eq(userXp.userId, learner.userId), eq(userXp.subjectId, 'late-game')));
    expect(late[0]?.n).toBe(1);
  });

  it('the count of awards per kind follows the ledger as rows are added and removed', async () => {
    const learner = await learnerIn('UTC');
    clock = wallClock('2026-11-01T09:00', 'UTC');
    await earnCourseXp(learner);
    for (const key of ['count-1', 'count-2', 'count-3']) await finishGame(learner, key);
    const countsOf = async () =>
      Object.fromEntries(
        (await database.db.select().from(xpAwardCounts).where(eq(xpAwardCounts.userId, learner.userId))).map((row) => [
          row.eventType,
          row.count,
        ]),
      );
    expect(await countsOf()).toEqual({ course_completed: 1, game_completed: 3 });

    // Rows written in bulk (an import) count once each; a purchase is no award.
    const row = (key: string, kind: 'award' | 'spend') => ({
      userId: learner.userId,
      kind,
      eventType: kind === 'award' ? 'game_completed' : 'purchase',
      idempotencyKey: key,
      baseXp: kind === 'award' ? 5 : -5,
      xp: kind === 'award' ? 5 : -5,
      localDay: '2026-11-01',
    });
    await database.db.insert(userXp).values([row('bulk-1', 'award'), row('bulk-2', 'award'), row('buy-1', 'spend')]);
    expect(await countsOf()).toEqual({ course_completed: 1, game_completed: 5 });

    await database.db
      .delete(userXp)
      .where(and(eq(userXp.userId, learner.userId), eq(userXp.eventType, 'course_completed')));
    expect(await countsOf()).toEqual({ game_completed: 5 });
  });
});
