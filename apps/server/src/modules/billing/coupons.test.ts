import { randomUUID } from 'node:crypto';
import { DEFAULT_PLAN_PRICES } from '@portal/shared/billing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { asUser, buyPlan, signUpAdmin } from '../../testing/billing-factories.ts';
import { readMailbox, type SignedIn, signUpAndConfirm, signUpSubscribed } from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';

const ANALYTICS = '/api/analytics/learner?from=2026-01-01&to=2026-01-31';
const freshCode = (label: string) => `${label}${randomUUID().slice(0, 8)}`.toUpperCase();

describe.each(testTargets())('coupons on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let admin: SignedIn;

  beforeAll(async () => {
    ({ app, database, close } = await startTestApp(target));
    admin = await signUpAdmin(app);
  });
  afterAll(async () => {
    await close();
  });

  const createCoupon = (payload: Record<string, unknown>, by: SignedIn = admin) =>
    app.inject({ method: 'POST', url: '/api/admin/coupons', headers: asUser(by), payload });
  const percentOff = async (overrides: Record<string, unknown> = {}) => {
    const code = freshCode('SAVE');
    const made = await createCoupon({
      code,
      kind: 'percent_off',
      percentOff: 25,
      appliesTo: ['me', 'us'],
      maxRedemptions: 10,
      ...overrides,
    });
    expect(made.statusCode).toBe(200);
    return made.json();
  };
  const freeAccess = async (overrides: Record<string, unknown> = {}) => {
    const code = freshCode('FREE');
    const made = await createCoupon({
      code,
      kind: 'free_access',
      freeTier: 'me',
      freeDays: 14,
      appliesTo: ['me'],
      maxRedemptions: 10,
      ...overrides,
    });
    expect(made.statusCode).toBe(200);
    return made.json();
  };
  const redeem = (user: SignedIn, couponCode: string) =>
    app.inject({
      method: 'POST',
      url: '/api/subscription/redeem-coupon',
      headers: asUser(user),
      payload: { couponCode },
    });
  const checkout = (user: SignedIn, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/subscription/checkout', headers: asUser(user), payload });

  it('admins create, list and disable coupons; learners cannot', async () => {
    const learner = await signUpSubscribed(app, 'calm');
    expect(
      (
        await createCoupon(
          { code: 'NOPE1', kind: 'percent_off', percentOff: 5, appliesTo: ['me'], maxRedemptions: 1 },
          learner,
        )
      ).statusCode,
    ).toBe(403);
    const coupon = await percentOff();
    expect(coupon).toMatchObject({ kind: 'percent_off', percent_off: 25, redemption_count: 0, disabled_at: null });
    const listed = await app.inject({ method: 'GET', url: '/api/admin/coupons', headers: asUser(admin) });
    expect(listed.json().coupons.map((row: { code: string }) => row.code)).toContain(coupon.code);
    expect(
      (
        await createCoupon({
          code: coupon.code.toLowerCase(),
          kind: 'percent_off',
          percentOff: 5,
          appliesTo: ['me'],
          maxRedemptions: 1,
        })
      ).statusCode,
    ).toBe(409);
    const disabled = await app.inject({
      method: 'POST',
      url: `/api/admin/coupons/${coupon.id}/disable`,
      headers: asUser(admin),
    });
    expect(disabled.json().disabled_at).not.toBeNull();
    const refused = await checkout(learner, { tier: 'me', interval: 'month', couponCode: coupon.code });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.reasons).toEqual(['disabled']);
  });

  it('a percent-off code at checkout discounts the price the checkout shows and charges', async () => {
    const learner = await signUpSubscribed(app, 'calm');
    const coupon = await percentOff();
    const sessionId = await buyPlan(app, learner, 'me', { couponCode: coupon.code.toLowerCase() });
    const listAmount = DEFAULT_PLAN_PRICES.me.month.amount;
    const session = await app.inject({
      method: 'GET',
      url: `/api/billing/sessions/${sessionId}`,
      headers: asUser(learner),
    });
    expect(session.json()).toMatchObject({ amount: Math.round(listAmount * 0.75), status: 'completed' });
    const applied = await app.inject({
      method: 'GET',
      url: `/api/billing/sessions/${sessionId}/coupon`,
      headers: asUser(learner),
    });
    expect(applied.json()).toEqual({ coupon: { code: coupon.code, percent_off: 25, list_amount: listAmount } });
    const listed = await app.inject({ method: 'GET', url: '/api/admin/coupons', headers: asUser(admin) });
    const row = listed.json().coupons.find((one: { id: string }) => one.id === coupon.id);
    expect(row.redemption_count).toBe(1);
  });

  it('bad, expired, exhausted and wrong-tier codes get a clear reason and change nothing', async () => {
    const learner = await signUpSubscribed(app, 'calm');
    const reasonOf = async (payload: Record<string, unknown>) =>
      (await checkout(learner, { interval: 'month', ...payload })).json().error.reasons[0];
    expect(await reasonOf({ tier: 'me', couponCode: 'NO-SUCH-CODE' })).toBe('unknown');
    const expired = await percentOff({ expiresAt: new Date(Date.now() - 60_000).toISOString() });
    expect(await reasonOf({ tier: 'me', couponCode: expired.code })).toBe('expired');
    const wrongTier = await percentOff({ appliesTo: ['universal'] });
    expect(await reasonOf({ tier: 'me', couponCode: wrongTier.code })).toBe('wrong_tier');
    const single = await percentOff({ maxRedemptions: 1 });
    const first = await signUpSubscribed(app, 'calm');
    await buyPlan(app, first, 'me', { couponCode: single.code });
    expect(await reasonOf({ tier: 'me', couponCode: single.code })).toBe('exhausted');
    expect((await redeem(learner, 'NO-SUCH-CODE')).json().error.reasons).toEqual(['unknown']);
    expect((await redeem(learner, wrongTier.code)).json().error.reasons).toEqual(['needs_checkout']);
    const status = await app.inject({ method: 'GET', url: '/api/subscription/check', headers: asUser(learner) });
    expect(status.json().subscription_tier).toBe('calm');
  });

  it('a checkout abandoned with a single-use code gives the use back, so another learner can redeem it', async () => {
    const single = await percentOff({ maxRedemptions: 1 });
    const first = await signUpSubscribed(app, 'calm');
    const started = await checkout(first, { tier: 'me', interval: 'month', couponCode: single.code });
    const sessionId = String(started.json().url).replace('/billing/sandbox/', '');
    const canceled = await app.inject({
      method: 'POST',
      url: `/api/billing/sandbox/${sessionId}/cancel`,
      headers: asUser(first),
    });
    expect(canceled.statusCode).toBe(200);
    const second = await signUpSubscribed(app, 'calm');
    await buyPlan(app, second, 'me', { couponCode: single.code });
    const status = await app.inject({ method: 'GET', url: '/api/subscription/check', headers: asUser(second) });
    expect(status.json().subscription_tier).toBe('me');
    const listed = await app.inject({ method: 'GET', url: '/api/admin/coupons', headers: asUser(admin) });
    expect(listed.json().coupons.find((one: { id: string }) => one.id === single.id).redemption_count).toBe(1);
  });

  it('a free-access code gives its tier for N days at once, with mail; a second go changes nothing', async () => {
    const learner = await signUpAndConfirm(app);
    const coupon = await freeAccess();
    const redeemed = await redeem(learner, coupon.code);
    expect(redeemed.json()).toEqual({ success: true, message: 'Coupon Redeemed!' });
    expect((await app.inject({ method: 'GET', url: ANALYTICS, headers: asUser(learner) })).statusCode).toBe(200);
    const details = (
      await app.inject({ method: 'GET', url: '/api/billing/subscription', headers: asUser(learner) })
    ).json();
    expect(details).toMatchObject({ tier: 'me', status: 'trialing', manageable: false });
    const days = (new Date(details.current_period_end).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    expect((await redeem(learner, coupon.code)).json().error.reasons).toEqual(['plan_already_higher']);
    const mail = (await readMailbox(app)).filter((message) => message.recipient === learner.email);
    expect(mail.map((message) => message.subject)).toContain('Coupon redeemed: Me plan');
  });

  it('a free-access code whose plan could not be stored gives its use back, and redeeming again works', async () => {
    const learner = await signUpAndConfirm(app);
    const coupon = await freeAccess({ maxRedemptions: 1 });
    const usesOf = async () => {
      const listed = await app.inject({ method: 'GET', url: '/api/admin/coupons', headers: asUser(admin) });
      return listed.json().coupons.find((row: { id: string }) => row.id === coupon.id).redemption_count;
    };
    // The plan store refuses this learner's plan for a moment, as a database fault would.
    await database.db.execute(
      sql.raw(`create function refuse_plan_once() returns trigger language plpgsql as $$
        begin
          if new.user_id = '${learner.userId}' then raise exception 'plan store unavailable'; end if;
          return new;
        end $$`),
    );
    await database.db.execute(
      sql.raw(`create trigger refuse_plan_once before insert or update on subscriptions
        for each row execute function refuse_plan_once()`),
    );
    try {
      expect((await redeem(learner, coupon.code)).statusCode).toBe(500);
      expect(await usesOf()).toBe(0);
    } finally {
      await database.db.execute(sql.raw('drop trigger refuse_plan_once on subscriptions'));
      await database.db.execute(sql.raw('drop function refuse_plan_once()'));
    }
    expect((await redeem(learner, coupon.code)).json()).toEqual({ success: true, message: 'Coupon Redeemed!' });
    expect(await usesOf()).toBe(1);
    const status = await app.inject({ method: 'GET', url: '/api/billing/subscription', headers: asUser(learner) });
    expect(status.json()).toMatchObject({ tier: 'me' });
  });

  it('a free-access code entered at checkout activates the plan without a checkout', async () => {
    const learner = await signUpSubscribed(app, 'calm');
    const coupon = await freeAccess();
    const answered = await checkout(learner, { tier: 'me', interval: 'month', couponCode: coupon.code });
    expect(answered.json()).toMatchObject({ freeAccess: true, url: null });
  });

  it('a code with one redemption left, redeemed by 50 learners at once, succeeds exactly once', async () => {
    const coupon = await freeAccess({ maxRedemptions: 3 });
    const early = [await signUpAndConfirm(app), await signUpAndConfirm(app)];
    for (const learner of early) expect((await redeem(learner, coupon.code)).statusCode).toBe(200);
    const learners = await Promise.all(Array.from({ length: 50 }, () => signUpAndConfirm(app)));
    const answers = await Promise.all(learners.map((learner) => redeem(learner, coupon.code)));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(49);
    const refusal = answers.find((answer) => answer.statusCode === 409);
    expect(refusal?.json().error.reasons).toEqual(['exhausted']);
    const listed = await app.inject({ method: 'GET', url: '/api/admin/coupons', headers: asUser(admin) });
    expect(listed.json().coupons.find((row: { id: string }) => row.id === coupon.id).redemption_count).toBe(3);
  }, 120_000);
});
