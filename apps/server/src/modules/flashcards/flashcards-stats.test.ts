import type { FlashcardStats, OptimizerStatus } from '@portal/shared/flashcards-stats';
import { shiftLocalDate, startOfLocalDate, todayIn } from '@portal/shared/time-zone';
import { eq } from 'drizzle-orm';
import { default_w } from 'ts-fsrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { type SignedIn, signUpSubscribed } from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { profiles } from '../profile/profile.table.ts';
import { rateCard } from './flashcards.scheduler.ts';
import { flashcardCards, flashcardReviewLogs, flashcardSettings } from './flashcards.table.ts';
import { seedDeck, syntheticHistory } from './flashcards-stats.testing.ts';

const HOUR = 3_600_000;

describe.each(testTargets())('flashcard stats and the optimizer on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, database, close } = await startTestApp(target));
  });
  afterAll(async () => {
    await close();
  });

  const call = (user: Pick<SignedIn, 'cookie'>, method: 'GET' | 'POST' | 'DELETE', url: string) =>
    app.inject({ method, url: `/api/flashcards${url}`, headers: { cookie: user.cookie } });
  const stats = async (user: SignedIn, query = '') => {
    const response = await call(user, 'GET', `/stats${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<FlashcardStats>();
  };
  /** Asks for the status until the run is over, as the screen does. */
  const settledStatus = async (user: SignedIn) => {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const status = (await call(user, 'GET', '/optimizer')).json<OptimizerStatus>();
      if (status.state !== 'running') return status;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the optimizer did not finish');
  };

  it('counts reviews per local day, true retention, the forecast, maturity and totals exactly', async () => {
    const learner = await signUpSubscribed(app, 'me');
    await database.db.update(profiles).set({ timezone: 'Asia/Tokyo' }).where(eq(profiles.id, learner.userId));
    const zone = 'Asia/Tokyo';
    const today = todayIn(zone);
    const dayStart = (offset: number) => startOfLocalDate(shiftLocalDate(today, offset), zone);
    const { deckId } = await seedDeck(
      database.db,
      learner.userId,
      [
        { state: 2, scheduledDays: 30, due: new Date(dayStart(2).getTime() + HOUR) }, // 0 mature, due in 2 days
        { state: 2, scheduledDays: 5, due: new Date(dayStart(-3).getTime()) }, // 1 young, overdue
        { state: 1, due: new Date(dayStart(0).getTime() + 2 * HOUR) }, // 2 learning, due today
        { state: 2, scheduledDays: 40, suspended: true }, // 3 suspended
        {}, // 4 new
      ],
      [
        { card: 0, rating: 3, state: 2, interval: 30, at: new Date(dayStart(0).getTime() + 60_000), ms: 4000 },
        { card: 1, rating: 1, state: 2, interval: 5, at: new Date(dayStart(0).getTime() + 120_000), ms: 6000 },
        { card: 2, rating: 3, state: 0, at: new Date(dayStart(0).getTime() + 180_000) },
        { card: 1, rating: 3, state: 2, interval: 4, at: new Date(dayStart(-1).getTime() + 5 * HOUR), ms: 2000 },
        { card: 0, rating: 1, state: 2, interval: 25, at: new Date(dayStart(-10).getTime() + HOUR) },
        { card: 1, rating: 4, state: 2, interval: 2, at: new Date(dayStart(-200).getTime() + HOUR) },
        { card: 0, rating: 3, state: 2, interval: 3, at: new Date(dayStart(-400).getTime() + HOUR) },
      ],
    );
    // Another deck's reviews count overall, not in the deck's own figures.
    await seedDeck(
      database.db,
      learner.userId,
      [{ state: 2, scheduledDays: 1, due: dayStart(1) }],
      [{ card: 0, rating: 2, state: 2, interval: 1, at: new Date(dayStart(0).getTime() + HOUR) }],
    );

    const deck = await stats(learner, `?deck_id=${deckId}`);
    expect(deck.time_zone).toBe(zone);
    expect(deck.today).toBe(today);
    expect(deck.reviews_by_day).toEqual([
      { date: shiftLocalDate(today, -200), reviews: 1 },
      { date: shiftLocalDate(today, -10), reviews: 1 },
      { date: shiftLocalDate(today, -1), reviews: 1 },
      { date: today, reviews: 3 },
    ]);
    const row = (period: string) => deck.retention.find((entry) => entry.period === period);
    expect(row('today')).toEqual({
      period: 'today',
      young: { passed: 0, failed: 1 },
      mature: { passed: 1, failed: 0 },
    });
    expect(row('yesterday')).toEqual({
      period: 'yesterday',
      young: { passed: 1, failed: 0 },
      mature: { passed: 0, failed: 0 },
    });
    expect(row('week')).toMatchObject({ young: { passed: 1, failed: 1 }, mature: { passed: 1, failed: 0 } });
    expect(row('month')).toMatchObject({ young: { passed: 1, failed: 1 }, mature: { passed: 1, failed: 1 } });
    expect(row('year')).toMatchObject({ young: { passed: 2, failed: 1 }, mature: { passed: 1, failed: 1 } });
    expect(deck.forecast).toHaveLength(30);
    expect(deck.forecast[0]).toEqual({ date: today, due: 2 });
    expect(deck.forecast[2]).toEqual({ date: shiftLocalDate(today, 2), due: 1 });
    expect(deck.forecast.reduce((sum, day) => sum + day.due, 0)).toBe(3);
    expect(deck.maturity).toEqual({ new: 1, learning: 1, young: 1, mature: 1, suspended: 1 });
    expect(deck.totals).toEqual({ reviews: 7, time_ms: 12_000, days_studied: 5 });

    const everything = await stats(learner);
    expect(everything.totals.reviews).toBe(8);
    expect(everything.reviews_by_day.at(-1)).toEqual({ date: today, reviews: 4 });
    expect(everything.retention[0]?.young).toEqual({ passed: 1, failed: 1 });
    expect(everything.forecast[1]?.due).toBe(1);

    const stranger = await signUpSubscribed(app, 'me');
    expect((await stats(stranger)).totals).toEqual({ reviews: 0, time_ms: 0, days_studied: 0 });
    expect((await call(stranger, 'GET', `/stats?deck_id=${deckId}`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', '/stats?deck_id=nope')).statusCode).toBe(400);
  });

  it('keeps stats and the optimizer to plans with flashcards and to signed-in learners', async () => {
    const calm = await signUpSubscribed(app, 'calm');
    for (const [method, url] of [
      ['GET', '/stats'],
      ['GET', '/optimizer'],
      ['POST', '/optimizer'],
      ['DELETE', '/optimizer'],
    ] as const) {
      expect((await call(calm, method, url)).statusCode).toBe(402);
      expect((await call({ cookie: '' }, method, url)).statusCode).toBe(401);
    }
  });

  it('fits parameters from 400 reviews on, schedules with them, and resets to the defaults', async () => {
    const learner = await signUpSubscribed(app, 'me');
    const history = syntheticHistory(80, 5, new Date());
    const { cardIds } = await seedDeck(
      database.db,
      learner.userId,
      Array.from({ length: 80 }, () => ({ state: 2, scheduledDays: 10, due: new Date(Date.now() - HOUR) })),
      history.slice(0, 399),
    );
    const fresh = (await call(learner, 'GET', '/optimizer')).json<OptimizerStatus>();
    expect(fresh).toMatchObject({ state: 'default', review_count: 399, min_reviews: 400, weights: null, before: null });
    const tooFew = await call(learner, 'POST', '/optimizer');
    expect(tooFew.statusCode).toBe(409);
    expect(tooFew.json<{ error: { reasons: string[] } }>().error.reasons).toEqual(['400', '399']);

    await database.db.insert(flashcardReviewLogs).values(
      history.slice(399).map((review, index) => ({
        userId: learner.userId,
        cardId: cardIds[review.card] ?? '',
        rating: review.rating,
        state: review.state,
        due: review.at,
        stability: 1,
        difficulty: 5,
        elapsedDays: 0,
        lastElapsedDays: 0,
        scheduledDays: 0,
        learningSteps: 0,
        reviewedAt: review.at,
        idempotencyKey: `late-${index}`,
        cardBefore: {},
      })),
    );
    const started = await call(learner, 'POST', '/optimizer');
    expect(started.statusCode).toBe(202);
    const done = await settledStatus(learner);
    expect(done.state).toBe('optimized');
    expect(done.review_count).toBe(400);
    expect(done.weights).toHaveLength(21);
    expect(done.weights).not.toEqual([...default_w]);
    expect(done.after?.log_loss).toBeLessThan(done.before?.log_loss ?? 0);
    expect(done.expected_retention?.after).toBeGreaterThan(0);
    expect(done.actual_retention).toBeGreaterThan(0);
    const [settings] = await database.db
      .select()
      .from(flashcardSettings)
      .where(eq(flashcardSettings.userId, learner.userId));
    expect(settings?.weights).toEqual(done.weights);

    // The same log gives the same parameters.
    const twin = await signUpSubscribed(app, 'me');
    await seedDeck(
      database.db,
      twin.userId,
      Array.from({ length: 80 }, () => ({ state: 2, scheduledDays: 10 })),
      history.slice(0, 400),
    );
    expect((await call(twin, 'POST', '/optimizer')).statusCode).toBe(202);
    expect((await settledStatus(twin)).weights).toEqual(done.weights);

    // A rating is scheduled with the learner's own weights.
    const cardId = cardIds[0] ?? '';
    const [before] = await database.db.select().from(flashcardCards).where(eq(flashcardCards.id, cardId));
    const rated = await app.inject({
      method: 'POST',
      url: `/api/flashcards/cards/${cardId}/rate`,
      headers: { cookie: learner.cookie },
      payload: { rating: 'good', idempotency_key: 'after-optimize' },
    });
    expect(rated.statusCode).toBe(200);
    const [after] = await database.db.select().from(flashcardCards).where(eq(flashcardCards.id, cardId));
    const [log] = await database.db
      .select()
      .from(flashcardReviewLogs)
      .where(eq(flashcardReviewLogs.idempotencyKey, 'after-optimize'));
    if (!before || !after || !log) throw new Error('rating left no trace');
    const expectWith = (weights: readonly number[]) =>
      rateCard(before, 'good', { desiredRetention: 0.9, now: log.reviewedAt, weights }).next.stability;
    expect(after.stability).toBeCloseTo(expectWith(done.weights ?? []), 6);
    expect(after.stability).not.toBeCloseTo(expectWith(default_w), 3);

    const reset = await call(learner, 'DELETE', '/optimizer');
    expect(reset.json<OptimizerStatus>()).toMatchObject({ state: 'default', weights: null });
    const [cleared] = await database.db
      .select()
      .from(flashcardSettings)
      .where(eq(flashcardSettings.userId, learner.userId));
    expect(cleared?.weights).toBeNull();
  });
});
