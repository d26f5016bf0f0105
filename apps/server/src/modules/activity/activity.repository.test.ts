import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { readTogether } from '../../read-together.ts';
import { testTargets } from '../../testing/test-app.ts';
import { users } from '../auth/auth.table.ts';
import { createActivityRepository, splitByHour } from './activity.repository.ts';

describe('learning time by hour', () => {
  it('keeps a span inside one hour whole', () => {
    expect(splitByHour(new Date('2026-11-22T10:40:00Z'), 25 * 60)).toEqual([
      { hour: new Date('2026-11-22T10:00:00Z'), seconds: 1500 },
    ]);
  });

  it('spreads a span over the hours it crossed, ending where it ended', () => {
    expect(splitByHour(new Date('2026-11-22T11:15:00Z'), 90 * 60)).toEqual([
      { hour: new Date('2026-11-22T09:00:00Z'), seconds: 900 },
      { hour: new Date('2026-11-22T10:00:00Z'), seconds: 3600 },
      { hour: new Date('2026-11-22T11:00:00Z'), seconds: 900 },
    ]);
  });

  it('a span ending on the hour belongs to the hour before', () => {
    expect(splitByHour(new Date('2026-11-22T11:00:00Z'), 60)).toEqual([
      { hour: new Date('2026-11-22T10:00:00Z'), seconds: 60 },
    ]);
  });

  it('nothing for no time', () => {
    expect(splitByHour(new Date(), 0)).toEqual([]);
    expect(splitByHour(new Date(), -5)).toEqual([]);
  });
});

describe.each(testTargets())('the learning time ledger on $name', (target) => {
  let database: Database;
  let drop: () => Promise<void>;
  let userId: string;

  beforeAll(async () => {
    ({ database, drop } = await target.open());
    userId = randomUUID();
    await database.db.insert(users).values({ id: userId, name: 'Ledger', email: `${userId}@example.com` });
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('adds time per hour, caps an hour at an hour, and keeps the lifetime total equal to the hours', async () => {
    const activity = createActivityRepository({ db: database.db });
    const endedAt = new Date('2026-11-20T10:50:00Z');
    await activity.addTime({ userId, endedAt, seconds: 45 * 60, source: 'study' });
    await activity.addTime({ userId, endedAt, seconds: 20 * 60, source: 'lesson' });
    // Two tabs reporting the same study hour cannot make it longer than an hour.
    await activity.addTime({ userId, endedAt, seconds: 30 * 60, source: 'study' });

    const { byDay, total } = await readTogether(database.db, {
      byDay: activity.secondsByDayPart(userId, {
        from: new Date('2026-11-20T00:00:00Z'),
        to: new Date('2026-11-21T00:00:00Z'),
        timeZone: 'UTC',
      }),
      total: activity.totalSecondsPart(userId),
    });
    expect(byDay.get('2026-11-20')).toBe(3600 + 20 * 60);
    expect(total).toBe(3600 + 20 * 60);
    expect(
      await activity.secondsBetween(userId, {
        from: new Date('2026-11-20T00:00:00Z'),
        to: new Date('2026-11-21T00:00:00Z'),
        sources: ['lesson'],
      }),
    ).toBe(20 * 60);
  });

  it('adds time earned in a statement of its own caller the way addTime adds it, split at the hours it crossed', async () => {
    const activity = createActivityRepository({ db: database.db });
    const learner = randomUUID();
    await database.db.insert(users).values({ id: learner, name: 'Steps', email: `${learner}@example.com` });
    const endedAt = '2026-11-21T10:00:30Z';
    const steps = (seconds: number) =>
      database.db.execute(
        sql`with ${activity.timeEndingNowForManySteps('lesson', sql`select ${learner}::text, ${seconds}::int`, sql`${endedAt}`)} select 1`,
      );
    await steps(50);
    await steps(0);
    await steps(-10);
    const hour = (at: string) =>
      activity.secondsBetween(learner, { from: new Date(at), to: new Date(new Date(at).getTime() + 3_600_000) });
    const expected = splitByHour(new Date(endedAt), 50);
    expect(expected).toEqual([
      { hour: new Date('2026-11-21T09:00:00Z'), seconds: 20 },
      { hour: new Date('2026-11-21T10:00:00Z'), seconds: 30 },
    ]);
    expect([await hour('2026-11-21T09:00:00Z'), await hour('2026-11-21T10:00:00Z')]).toEqual([20, 30]);
    const { total } = await readTogether(database.db, { total: activity.totalSecondsPart(learner) });
    expect(total).toBe(50);
  });
});
