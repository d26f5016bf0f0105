import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { asUser, buyPlan } from '../../testing/billing-factories.ts';
import { signUpSubscribed } from '../../testing/factories.ts';
import { startSiblingApp, startTestApp, testTargets } from '../../testing/test-app.ts';
import { within } from '../../testing/within.ts';
import { subscriptions } from './subscription.table.ts';

const ANALYTICS = '/api/analytics/learner?from=2026-01-01&to=2026-01-31';

describe.each(testTargets())('plans kept by each instance on $name', (target) => {
  let a: App;
  let b: App;
  let database: Database;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const started = await startTestApp(target);
    ({ database, close } = started);
    a = started.app;
    b = await startSiblingApp(database);
  });
  afterAll(async () => {
    await b.close();
    await close();
  });

  const analyticsOn = async (app: App, user: { cookie: string }) =>
    (await app.inject({ method: 'GET', url: ANALYTICS, headers: asUser(user) })).statusCode;
  const tierOn = async (app: App, user: { cookie: string }) =>
    (await app.inject({ method: 'GET', url: '/api/subscription/check', headers: asUser(user) })).json()
      .subscription_tier;

  it('a plan bought on one instance opens its features there at once and on the other within a second', async () => {
    const learner = await signUpSubscribed(a, 'calm');
    // Both instances have read the Calm plan and keep it.
    expect(await analyticsOn(a, learner)).toBe(402);
    expect(await analyticsOn(b, learner)).toBe(402);
    expect(await analyticsOn(b, learner)).toBe(402);

    await buyPlan(a, learner, 'me');
    expect(await analyticsOn(a, learner)).toBe(200);
    await within(1_000, async () => (await analyticsOn(b, learner)) === 200);
    expect(await tierOn(b, learner)).toBe('me');
  });

  it('a plan changed straight in the database, as a script would, reaches both instances within a second', async () => {
    const learner = await signUpSubscribed(a, 'calm');
    await buyPlan(a, learner, 'me');
    expect(await analyticsOn(a, learner)).toBe(200);
    expect(await analyticsOn(b, learner)).toBe(200);

    await database.db
      .update(subscriptions)
      .set({ status: 'expired', currentPeriodEnd: new Date(Date.now() - 60_000) })
      .where(eq(subscriptions.userId, learner.userId));
    await within(1_000, async () => (await analyticsOn(a, learner)) === 402);
    await within(1_000, async () => (await analyticsOn(b, learner)) === 402);
  });

  it('a trial that runs out needs no notice: what a kept plan grants is worked out at each request', async () => {
    const learner = await signUpSubscribed(a, 'calm');
    await buyPlan(a, learner, 'me');
    await database.db
      .update(subscriptions)
      .set({ status: 'trialing', currentPeriodEnd: new Date(Date.now() + 1_500) })
      .where(eq(subscriptions.userId, learner.userId));
    await within(1_000, async () => (await analyticsOn(b, learner)) === 200);
    // The row does not change again; the trial simply ends, and with it the feature.
    await within(5_000, async () => (await analyticsOn(b, learner)) === 402);
    expect(await tierOn(b, learner)).toBe('calm');
  });
});
