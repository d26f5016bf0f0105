import type { XpResult } from '@portal/shared/gamification';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { type SignedIn, signUpSubscribed } from '../../testing/factories.ts';
import { testTargets } from '../../testing/test-app.ts';
import { domainEvents } from '../events/domain-events.table.ts';
import { createGamificationRepository } from './gamification.repository.ts';
import { achievements, streaks, userBadges, userXp, xpAccounts } from './gamification.table.ts';
import { useGamificationApp } from './gamification.testing.ts';
import type { AwardWrite } from './gamification-awards-at-once.ts';

/**
 * Awards of many learners arriving at once are read and written together, several in one statement each
 * (`write-batches.ts`). Each learner must still be paid as if their award had come alone: their own ledger row,
 * account, streak, badges, achievements and pushes, and their own answer.
 */
describe.each(testTargets())('many learners’ awards at once on $name', (target) => {
  const { ctx, stats, award, openTab } = useGamificationApp(target);
  let app: App;
  let database: Database;
  let repository: ReturnType<typeof createGamificationRepository>;
  beforeAll(() => {
    ({ app, database } = ctx);
    repository = createGamificationRepository({ db: database.db });
  });

  /** Learners on the calm plan who got today's login XP (5). */
  const learnersWithLogin = async (count: number) => {
    const learners = await Promise.all(Array.from({ length: count }, () => signUpSubscribed(app, 'calm')));
    for (const learner of learners) expect((await stats(learner)).total_xp).toBe(5);
    return learners;
  };

  /** Lessons each learner completed, whose awards only a claim makes (the outbox will not deliver them in the test). */
  const completed = (learners: SignedIn[], lessons: string[]) =>
    database.db.insert(domainEvents).values(
      learners.flatMap((learner) =>
        lessons.map((lesson) => ({
          type: 'lesson.completed' as const,
          userId: learner.userId,
          subjectId: `${lesson}-${learner.userId}`,
          payload: { lessonId: `${lesson}-${learner.userId}`, moduleId: 'module-1', courseId: 'course-1' },
          availableAt: new Date(Date.now() + 3_600_000),
        })),
      ),
    );
  const claim = (learner: SignedIn, lesson: string) =>
    award(learner, { event_type: 'lesson_completed', metadata: { subject_id: `${lesson}-${learner.userId}` } });

  it('learners claiming at once are each paid as if alone, with their own streak, badge, achievement and push', async () => {
    const learners = await learnersWithLogin(8);
    await completed(learners, ['first', 'second', 'third']);
    const tabs = learners.slice(0, 2).map((learner) => openTab(learner));
    await Promise.all(tabs.map((tab) => tab.ready()));

    const first = await Promise.all(learners.map((learner) => claim(learner, 'first')));
    for (const response of first) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<XpResult>()).toMatchObject({ xp_awarded: 10, total_xp: 15, duplicate: false });
      expect(response.json<XpResult>().new_badges.map((badge) => badge.key)).toEqual(['first_lesson']);
    }
    // Two claims of each learner at once: the second waits for the first, or is decided again under the lock.
    const more = await Promise.all(
      learners.flatMap((learner) => [claim(learner, 'second'), claim(learner, 'third'), claim(learner, 'second')]),
    );
    expect(more.map((response) => response.statusCode)).toEqual(more.map(() => 200));
    expect(more.filter((response) => response.json<XpResult>().duplicate)).toHaveLength(8);

    const ids = learners.map((learner) => learner.userId);
    const accounts = await database.db.select().from(xpAccounts).where(inArray(xpAccounts.userId, ids));
    expect(accounts.map((account) => account.totalXp)).toEqual(ids.map(() => 35));
    for (const learner of learners) {
      const mine = await database.db.select().from(userXp).where(eq(userXp.userId, learner.userId));
      expect(mine.map((row) => row.subjectId).sort()).toEqual(
        [expect.any(String), ...['first', 'second', 'third'].map((lesson) => `${lesson}-${learner.userId}`)].sort(),
      );
      const [learning] = await database.db
        .select()
        .from(streaks)
        .where(and(eq(streaks.userId, learner.userId), eq(streaks.streakType, 'learning')));
      expect(learning?.currentLength).toBe(1);
      const badges = await database.db.select().from(userBadges).where(eq(userBadges.userId, learner.userId));
      expect(badges.map((badge) => badge.badgeKey)).toEqual(['first_lesson']);
      const [lessons] = await database.db
        .select()
        .from(achievements)
        .where(and(eq(achievements.userId, learner.userId), eq(achievements.achievementKey, 'lessons')));
      expect(lessons?.progress).toBe(3);
    }
    // Each tab hears of its own learner's awards.
    for (const tab of tabs) {
      await vi.waitFor(() =>
        expect(tab.messages).toContainEqual(expect.objectContaining({ type: 'table_change', table: 'user_xp' })),
      );
      tab.close();
    }
  });

  /** An award of 10 XP for `learner`'s lesson `lesson`, with the badge and achievement a first lesson earns. */
  const firstLessonWrite = (learner: SignedIn, lesson: string, extras = true): AwardWrite => ({
    ledger: {
      userId: learner.userId,
      kind: 'award',
      eventType: 'lesson_completed',
      subjectId: lesson,
      idempotencyKey: `lesson_completed:${lesson}`,
      baseXp: 10,
      multiplier: 1,
      xp: 10,
      localDay: '2026-11-02',
      createdAt: new Date('2026-11-02T10:00:00Z'),
    },
    streak: extras
      ? {
          row: {
            userId: learner.userId,
            streakType: 'learning',
            currentLength: 3,
            longestLength: 3,
            lastActiveDay: '2026-11-02',
            lastCountedDay: '2026-11-02',
            freezesHeld: 0,
            freezesUsed: 1,
            timeZone: 'UTC',
          },
          frozenDays: ['2026-11-01'],
        }
      : null,
    badgeKeys: extras ? ['first_lesson'] : [],
    achievements: extras ? [{ key: 'lessons', tier: 0, progress: 1 }] : [],
  });
  const versionOf = async (learner: SignedIn) =>
    (await repository.readTogether({ account: repository.versionedAccountPart(learner.userId) })).account?.version ??
    '';
  const ledgerOf = (learner: SignedIn) => database.db.select().from(userXp).where(eq(userXp.userId, learner.userId));

  it('one statement saves each award against its own account, and leaves one whose account changed alone', async () => {
    const [stale, full, plain] = await learnersWithLogin(3);
    if (!stale || !full || !plain) throw new Error('three learners expected');
    const channel = 'awards_together_test';
    const heard: string[] = [];
    const unlisten = await database.listen(channel, (payload) => heard.push(payload));
    const versions = await Promise.all([stale, full, plain].map(versionOf));
    // Another tab of the first learner buys something meanwhile: their account is a new version.
    await database.db.update(xpAccounts).set({ spentXp: 5 }).where(eq(xpAccounts.userId, stale.userId));

    const saved = await repository.saveAwards(
      [stale, full, plain].map((learner, index) => ({
        version: versions[index] ?? '',
        write: firstLessonWrite(learner, `lesson-${index}`, learner === full),
        notices: [{ channel, payload: `learner-${index}` }],
      })),
    );

    expect(saved).toEqual([
      undefined,
      { grantedBadges: ['first_lesson'], version: await versionOf(full) },
      { grantedBadges: [], version: await versionOf(plain) },
    ]);
    expect((await ledgerOf(stale)).map((row) => row.subjectId)).not.toContain('lesson-0');
    expect((await ledgerOf(full)).map((row) => row.subjectId)).toContain('lesson-1');
    expect((await ledgerOf(plain)).map((row) => row.subjectId)).toContain('lesson-2');
    const totals = await database.db
      .select({ userId: xpAccounts.userId, totalXp: xpAccounts.totalXp })
      .from(xpAccounts)
      .where(inArray(xpAccounts.userId, [stale.userId, full.userId, plain.userId]));
    expect(new Map(totals.map((row) => [row.userId, row.totalXp]))).toEqual(
      new Map([
        [stale.userId, 5],
        [full.userId, 15],
        [plain.userId, 15],
      ]),
    );
    const [streak] = await database.db
      .select()
      .from(streaks)
      .where(and(eq(streaks.userId, full.userId), eq(streaks.streakType, 'learning')));
    expect(streak).toMatchObject({ currentLength: 3, freezesUsed: 1, lastActiveDay: '2026-11-02' });
    expect(await database.db.select().from(userBadges).where(eq(userBadges.userId, plain.userId))).toEqual([]);
    expect(
      (await database.db.select().from(achievements).where(eq(achievements.userId, full.userId))).map((row) => [
        row.achievementKey,
        row.progress,
      ]),
    ).toContainEqual(['lessons', 1]);
    // Only the awards written are told, in their order, once the statement committed.
    await database.notify(channel, 'marker');
    await vi.waitFor(() => expect(heard).toContain('marker'));
    expect(heard).toEqual(['learner-1', 'learner-2', 'marker']);
    await unlisten();
  });

  it('an award whose key was used undoes the statement: alone it is answered as changed, with others nothing is written', async () => {
    const [used, other] = await learnersWithLogin(2);
    if (!used || !other) throw new Error('two learners expected');
    const [write] = await repository.saveAwards([
      { version: await versionOf(used), write: firstLessonWrite(used, 'twice', false) },
    ]);
    expect(write).toEqual({ grantedBadges: [], version: expect.any(String) });

    // The same key again, against the account as it is now.
    expect(
      await repository.saveAwards([{ version: await versionOf(used), write: firstLessonWrite(used, 'twice', false) }]),
    ).toEqual([undefined]);
    await expect(
      repository.saveAwards([
        { version: await versionOf(other), write: firstLessonWrite(other, 'once', false) },
        { version: await versionOf(used), write: firstLessonWrite(used, 'twice', false) },
      ]),
    ).rejects.toThrow();
    expect((await ledgerOf(other)).map((row) => row.subjectId)).not.toContain('once');
    const accounts = await database.db
      .select({ totalXp: xpAccounts.totalXp })
      .from(xpAccounts)
      .where(inArray(xpAccounts.userId, [used.userId, other.userId]));
    expect(accounts.map((row) => row.totalXp).sort()).toEqual([15, 5]);
  });

  it('an award decided unread is saved only with its key unused and its claimed event there, beside the others', async () => {
    const [used, ghost, paid] = await learnersWithLogin(3);
    if (!used || !ghost || !paid) throw new Error('three learners expected');
    await repository.saveAwards([{ version: await versionOf(used), write: firstLessonWrite(used, 'again', false) }]);
    const today = { from: new Date(Date.now() - 3_600_000), until: new Date(Date.now() + 3_600_000) };
    await completed([paid], ['claimed']);
    const claimOf = (learner: SignedIn, lesson: string) => ({
      claim: { domainType: 'lesson.completed', subjectId: `${lesson}-${learner.userId}`, ...today },
    });

    const saved = await repository.saveAwards([
      { version: await versionOf(used), write: firstLessonWrite(used, 'again', false), unread: { claim: null } },
      {
        version: await versionOf(ghost),
        write: firstLessonWrite(ghost, `never-${ghost.userId}`, false),
        unread: claimOf(ghost, 'never'),
      },
      {
        version: await versionOf(paid),
        write: firstLessonWrite(paid, `claimed-${paid.userId}`, false),
        unread: claimOf(paid, 'claimed'),
      },
    ]);

    expect(saved).toEqual([undefined, undefined, { grantedBadges: [], version: await versionOf(paid) }]);
    expect((await ledgerOf(ghost)).map((row) => row.subjectId)).not.toContain(`never-${ghost.userId}`);
    const [claimed] = (await ledgerOf(paid)).filter((row) => row.subjectId === `claimed-${paid.userId}`);
    // Dated by its event, not by when it was decided.
    expect(claimed?.createdAt.getTime()).not.toBe(new Date('2026-11-02T10:00:00Z').getTime());
    const accounts = await database.db
      .select({ userId: xpAccounts.userId, totalXp: xpAccounts.totalXp })
      .from(xpAccounts)
      .where(inArray(xpAccounts.userId, [used.userId, ghost.userId, paid.userId]));
    const totals = new Map(accounts.map((row) => [row.userId, row.totalXp]));
    expect([used, ghost, paid].map((learner) => totals.get(learner.userId))).toEqual([15, 5, 15]);
  });
});
