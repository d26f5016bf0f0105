import type { XpResult } from '@portal/shared/gamification';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { type SignedIn, signUpSubscribed } from '../../testing/factories.ts';
import { testTargets } from '../../testing/test-app.ts';
import { domainEvents } from '../events/domain-events.table.ts';
import { userXp, xpAccounts } from './gamification.table.ts';
import { useGamificationApp } from './gamification.testing.ts';

/**
 * After a learner's first award, the instance keeps what their awards decide from and decides the next ones without
 * reading, in one statement that checks what was not read: the account unchanged since, the key unused, and the
 * claimed event really there, on the day and at the time the XP was decided for. Whatever fails a check is decided
 * again from the database, so the learner is paid exactly as if nothing were kept.
 */
describe.each(testTargets())('awards decided from what the instance keeps on $name', (target) => {
  const { ctx, stats, award } = useGamificationApp(target);
  let app: App;
  let database: Database;
  beforeAll(() => {
    ({ app, database } = ctx);
  });

  /** A lesson the learner completed at `occurredAt` (now by default), whose award only a claim makes here. */
  const completed = async (learner: SignedIn, lesson: string, occurredAt = new Date()) => {
    await database.db.insert(domainEvents).values({
      type: 'lesson.completed',
      userId: learner.userId,
      subjectId: lesson,
      payload: { lessonId: lesson, moduleId: 'module-1', courseId: 'course-1' },
      occurredAt,
      availableAt: new Date(Date.now() + 3_600_000),
    });
  };
  const claim = async (learner: SignedIn, lesson: string) => {
    const response = await award(learner, { event_type: 'lesson_completed', metadata: { subject_id: lesson } });
    return { status: response.statusCode, result: response.json<XpResult>() };
  };
  const ledgerRow = async (learner: SignedIn, lesson: string) => {
    const [row] = await database.db
      .select()
      .from(userXp)
      .where(and(eq(userXp.userId, learner.userId), eq(userXp.subjectId, lesson)));
    return row;
  };

  /** A learner with today's login XP (5) and a first lesson claimed (10), so the instance keeps them. */
  const keptLearner = async () => {
    const learner = await signUpSubscribed(app, 'calm');
    expect((await stats(learner)).total_xp).toBe(5);
    await completed(learner, 'lesson-first');
    expect((await claim(learner, 'lesson-first')).result).toMatchObject({ xp_awarded: 10, total_xp: 15 });
    return learner;
  };

  it('pays the next claims in full, dates each by its event, and answers a repeated claim as a duplicate', async () => {
    const learner = await keptLearner();
    const at = new Date(Date.now() - 1_000);
    await completed(learner, 'lesson-second', at);
    await completed(learner, 'lesson-third');
    expect(await claim(learner, 'lesson-second')).toMatchObject({
      status: 200,
      result: { xp_awarded: 10, total_xp: 25, duplicate: false },
    });
    expect((await ledgerRow(learner, 'lesson-second'))?.createdAt.getTime()).toBe(at.getTime());
    expect((await claim(learner, 'lesson-third')).result).toMatchObject({ xp_awarded: 10, total_xp: 35 });
    expect((await claim(learner, 'lesson-second')).result).toMatchObject({
      xp_awarded: 0,
      total_xp: 35,
      duplicate: true,
    });
    const rows = await database.db.select().from(userXp).where(eq(userXp.userId, learner.userId));
    expect(rows).toHaveLength(4);
    expect((await stats(learner)).total_xp).toBe(35);
  });

  it('refuses a claim of a lesson the learner never completed, and writes nothing', async () => {
    const learner = await keptLearner();
    const refused = await claim(learner, 'lesson-never');
    expect(refused.status).toBe(404);
    expect(await ledgerRow(learner, 'lesson-never')).toBeUndefined();
    expect((await stats(learner)).total_xp).toBe(15);
    // What is kept still holds after a refused claim.
    await completed(learner, 'lesson-after');
    expect((await claim(learner, 'lesson-after')).result).toMatchObject({ xp_awarded: 10, total_xp: 25 });
  });

  it('follows the account when it changed elsewhere (another instance, a purchase)', async () => {
    const learner = await keptLearner();
    await database.db
      .update(xpAccounts)
      .set({ totalXp: sql`${xpAccounts.totalXp} + 100` })
      .where(eq(xpAccounts.userId, learner.userId));
    await completed(learner, 'lesson-next');
    expect((await claim(learner, 'lesson-next')).result).toMatchObject({ xp_awarded: 10, total_xp: 125 });
    await completed(learner, 'lesson-last');
    expect((await claim(learner, 'lesson-last')).result).toMatchObject({ xp_awarded: 10, total_xp: 135 });
  });

  it('pays a lesson of an earlier day on the day it was completed', async () => {
    const learner = await keptLearner();
    const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000);
    await completed(learner, 'lesson-old', twoDaysAgo);
    expect((await claim(learner, 'lesson-old')).result).toMatchObject({ xp_awarded: 10, total_xp: 25 });
    const row = await ledgerRow(learner, 'lesson-old');
    expect(row?.localDay).toBe(twoDaysAgo.toISOString().slice(0, 10));
    expect(row?.createdAt.getTime()).toBe(twoDaysAgo.getTime());
  });

  it('pays double for a lesson completed before a double-XP boost ran out, claimed after', async () => {
    const learner = await keptLearner();
    const boostEnd = new Date(Date.now() - 30_000);
    await database.db.update(xpAccounts).set({ doubleXpUntil: boostEnd }).where(eq(xpAccounts.userId, learner.userId));
    // A lesson after the boost: single XP, and the instance keeps the account with its boost.
    await completed(learner, 'lesson-after-boost');
    expect((await claim(learner, 'lesson-after-boost')).result).toMatchObject({ xp_awarded: 10, multiplier: 1 });
    await completed(learner, 'lesson-in-boost', new Date(boostEnd.getTime() - 30_000));
    expect((await claim(learner, 'lesson-in-boost')).result).toMatchObject({
      xp_awarded: 20,
      multiplier: 2,
      total_xp: 45,
    });
  });
});
