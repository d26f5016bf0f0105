import type { UserStats } from '@portal/shared/gamification';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database, Db } from '../../db/client.ts';
import { type SignedIn, signUpSubscribed } from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { within } from '../../testing/within.ts';
import { announceLearnerChange } from '../analytics/analytics.testing.ts';
import { xpAccounts } from './gamification.table.ts';

/**
 * Each instance keeps what a learner's XP stats are made of until it hears that it changed. These tests change the
 * account silently (triggers off, as a test only can), announce changes as another instance does, and change it
 * through awards and the learner's own requests to this instance.
 */
describe.each(testTargets())('the XP stats kept between changes on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let learner: SignedIn;

  const stats = async (who: SignedIn = learner) => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/gamification/stats',
      headers: { cookie: who.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as UserStats;
  };
  const announce = (userId = learner.userId) => announceLearnerChange(database, userId);
  /** Sets the account's XP with no trigger seeing it: what the stats show after it tells whether they were read again. */
  const setXpSilently = (who: SignedIn, totalXp: number) =>
    database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await (tx as unknown as Db)
        .insert(xpAccounts)
        .values({ userId: who.userId, totalXp })
        .onConflictDoUpdate({ target: xpAccounts.userId, set: { totalXp } });
    });
  /**
   * The account at `totalXp`, announced and read, so the stats kept from here on show it. The learner's first read of
   * the day has earned them the daily login before.
   */
  const keptAt = async (totalXp: number, who: SignedIn = learner) => {
    await stats(who);
    await setXpSilently(who, totalXp);
    await announce(who.userId);
    await within(1_000, async () => (await stats(who)).total_xp === totalXp);
  };

  beforeAll(async () => {
    ({ app, database, close } = await startTestApp(target));
    learner = await signUpSubscribed(app, 'me');
    // The sign-up's own writes are announced within the notice window (20 ms); let those notices pass first.
    await new Promise((resolve) => setTimeout(resolve, 200));
  });

  afterAll(async () => {
    await close();
  });

  it('keeps the stats until another instance announces a change of the learner’s, then shows it within a second', async () => {
    await keptAt(40);
    await setXpSilently(learner, 90);
    expect((await stats()).total_xp).toBe(40);

    await announce();
    await within(1_000, async () => (await stats()).total_xp === 90);
    expect((await stats()).balance).toBe(90);
  });

  it('an award set off by an event, not by a request of the learner’s, shows on their very next read', async () => {
    await keptAt(100);
    await app.domainEvents.record(database.db, {
      type: 'lesson.completed',
      userId: learner.userId,
      subjectId: 'kept-stats-lesson',
      payload: { lessonId: 'kept-stats-lesson', moduleId: 'module-1', courseId: 'course-1' },
    });
    await app.domainEvents.drain();
    const after = await stats();
    expect(after.total_xp).toBeGreaterThan(100);
    expect(after.recent_awards[0]?.event_type).toBe('lesson_completed');
  });

  it('XP pushed to the learner’s tabs from any instance drops their kept stats', async () => {
    await keptAt(150);
    await setXpSilently(learner, 175);
    expect((await stats()).total_xp).toBe(150);
    await app.realtime.publishToUser(learner.userId, { type: 'table_change', table: 'user_xp' });
    await within(1_000, async () => (await stats()).total_xp === 175);
  });

  it('shows what the learner just changed through this instance on their very next request', async () => {
    await keptAt(200);
    await setXpSilently(learner, 260);
    expect((await stats()).total_xp).toBe(200);
    const saved = await app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie: learner.cookie },
      payload: { bio: 'Points every morning' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await stats()).total_xp).toBe(260);
  });

  it('another learner’s change leaves these stats as they are and theirs their own', async () => {
    const other = await signUpSubscribed(app, 'me');
    await keptAt(300);
    await keptAt(20, other);
    await setXpSilently(learner, 333);
    await setXpSilently(other, 22);
    await announce(other.userId);
    await within(1_000, async () => (await stats(other)).total_xp === 22);
    expect((await stats()).total_xp).toBe(300);
  });
});
