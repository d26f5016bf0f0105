import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { type SignedIn, signUpAndConfirm } from '../../testing/factories.ts';
import { type StripeImitation, startStripeImitation } from '../../testing/stripe-imitation.ts';
import { databaseOf, startTestApp, testTargets } from '../../testing/test-app.ts';
import { createTestClock } from '../../testing/test-clock.ts';
import { createBillingRepository } from './billing.repository.ts';

const JAN_10 = new Date('2026-01-10T10:00:00.000Z');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

describe.each(testTargets())('Stripe Checkout pages replaced by another checkout on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;
  let stripe: StripeImitation;
  const clock = createTestClock(JAN_10);

  beforeAll(async () => {
    stripe = await startStripeImitation();
    ({ app, close } = await startTestApp(target, { stripe: stripe.settings() }, { clock }));
  });
  afterAll(async () => {
    await close();
    await stripe.close();
  });

  const checkout = (user: SignedIn, tier: 'me' | 'us') =>
    app.inject({
      method: 'POST',
      url: '/api/subscription/checkout',
      headers: { cookie: user.cookie },
      payload: { tier, interval: 'month' },
    });
  /** Our session and Stripe's page of the checkout opened last. */
  const lastOpened = () => {
    const created = stripe.requests.findLast((entry) => entry.path === '/v1/checkout/sessions');
    const stripeId = [...stripe.checkoutSessions.keys()].at(-1) ?? '';
    return { sessionId: created?.params.get('client_reference_id') ?? '', stripeId, params: created?.params };
  };
  const expired = () => stripe.requests.filter((entry) => entry.path.endsWith('/expire')).map((entry) => entry.path);
  const statusOf = async (sessionId: string) =>
    (await createBillingRepository({ db: databaseOf(app).db }).findSession(sessionId))?.status;

  it('a new plan’s checkout ends the earlier page at Stripe; the same plan again (a double click) keeps it', async () => {
    clock.set(JAN_10);
    const user = await signUpAndConfirm(app);
    expect((await checkout(user, 'me')).statusCode).toBe(200);
    const first = lastOpened();
    // Stripe's page ends with ours (30 minutes), plus the minute Stripe's shortest expiry needs.
    expect(Number(first.params?.get('expires_at'))).toBe(seconds(JAN_10) + 31 * 60);

    const before = expired().length;
    expect((await checkout(user, 'me')).statusCode).toBe(200);
    expect(expired()).toHaveLength(before);
    expect(await statusOf(first.sessionId)).toBe('open');

    expect((await checkout(user, 'us')).statusCode).toBe(200);
    expect(expired().slice(before)).toEqual([`/v1/checkout/sessions/${first.stripeId}/expire`]);
    expect(stripe.checkoutSessions.get(first.stripeId)).toBe('expired');
    expect(await statusOf(first.sessionId)).toBe('canceled');
    expect(await statusOf(lastOpened().sessionId)).toBe('open');
  });

  it('a page Stripe no longer holds open (paid meanwhile) does not stop the new checkout', async () => {
    clock.set(JAN_10);
    const user = await signUpAndConfirm(app);
    await checkout(user, 'me');
    const first = lastOpened();
    stripe.checkoutSessions.set(first.stripeId, 'complete');
    expect((await checkout(user, 'us')).statusCode).toBe(200);
    expect(await statusOf(first.sessionId)).toBe('canceled');
  });

  it('while Stripe cannot end the earlier page, the new checkout is refused and the earlier one stays', async () => {
    clock.set(JAN_10);
    const user = await signUpAndConfirm(app);
    await checkout(user, 'me');
    const first = lastOpened();
    const created = stripe.checkoutSessions.size;
    stripe.outage.expire = true;
    try {
      const refused = await checkout(user, 'us');
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error.message).toBe('Stripe could not close your earlier checkout; try again.');
    } finally {
      stripe.outage.expire = false;
    }
    expect(stripe.checkoutSessions.size).toBe(created);
    expect(await statusOf(first.sessionId)).toBe('open');
    expect(stripe.checkoutSessions.get(first.stripeId)).toBe('open');

    expect((await checkout(user, 'us')).statusCode).toBe(200);
    expect(stripe.checkoutSessions.get(first.stripeId)).toBe('expired');
    expect(await statusOf(first.sessionId)).toBe('canceled');
  });
});
