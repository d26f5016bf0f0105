import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { readMailbox, type SignedIn, signUpAndConfirm } from '../../testing/factories.ts';
import { type StripeImitation, startStripeImitation, stripeSubscription } from '../../testing/stripe-imitation.ts';
import { databaseOf, startTestApp, testTargets } from '../../testing/test-app.ts';
import { createTestClock } from '../../testing/test-clock.ts';
import { createBillingRepository } from './billing.repository.ts';
import { createStripeClient } from './billing.stripe.ts';

const JAN_10 = new Date('2026-01-10T10:00:00.000Z');
const FEB_10 = new Date('2026-02-10T10:00:00.000Z');
const MAR_10 = new Date('2026-03-10T10:00:00.000Z');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

describe.each(testTargets())('Stripe checkout and webhook on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;
  let stripe: StripeImitation;
  const clock = createTestClock(JAN_10);
  let eventCounter = 0;

  beforeAll(async () => {
    stripe = await startStripeImitation();
    ({ app, close } = await startTestApp(target, { stripe: stripe.settings() }, { clock }));
  });
  afterAll(async () => {
    await close();
    await stripe.close();
  });

  type Learner = SignedIn & { email: string };
  const as = (user: Learner) => ({ cookie: user.cookie, 'x-portal-language': 'de' });
  const status = async (user: Learner) =>
    (await app.inject({ method: 'GET', url: '/api/subscription/check', headers: as(user) })).json();
  const invoicesOf = (user: Learner) => createBillingRepository({ db: databaseOf(app).db }).invoicesOf(user.userId);
  const subjectsTo = async (user: Learner) =>
    (await readMailbox(app)).filter((mail) => mail.recipient === user.email).map((mail) => mail.subject);

  /** A Stripe event as Stripe would send it, with its own id unless one is given. */
  function stripeEvent(type: string, object: unknown, created: Date, id = `evt_${++eventCounter}_${Date.now()}`) {
    return JSON.stringify({ id, object: 'event', type, created: seconds(created), livemode: false, data: { object } });
  }
  const signed = (payload: string, secret = stripe.settings().webhookSecret) =>
    createStripeClient(stripe.settings()).webhooks.generateTestHeaderString({ payload, secret });
  const deliver = (payload: string, signature: string | undefined = signed(payload)) =>
    app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      payload,
    });

  function invoice(
    subscriptionId: string,
    { reason, start, end, id }: { reason: string; start: Date; end: Date; id: string },
  ) {
    return {
      id,
      object: 'invoice',
      billing_reason: reason,
      amount_paid: 900,
      currency: 'eur',
      period_start: seconds(start),
      period_end: seconds(start),
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
      lines: { object: 'list', data: [{ id: `il_${id}`, period: { start: seconds(start), end: seconds(end) } }] },
    };
  }

  /** A learner who opened Stripe Checkout for `me` and whose payment Stripe reported with its two webhooks. */
  async function subscribedThroughStripe() {
    clock.set(JAN_10);
    const user = await signUpAndConfirm(app);
    const opened = await app.inject({
      method: 'POST',
      url: '/api/subscription/checkout',
      headers: as(user),
      payload: { tier: 'me', interval: 'month' },
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const request = stripe.requests.findLast((entry) => entry.path === '/v1/checkout/sessions');
    const sessionId = request?.params.get('client_reference_id') ?? '';
    expect(request?.params.get('line_items[0][price]')).toBe('price_me_month');
    expect(request?.params.get('subscription_data[metadata][userId]')).toBe(user.userId);
    expect(request?.params.get('success_url')).toBe(
      `http://localhost:3000/subscription-success?session_id=${sessionId}`,
    );

    const subscriptionId = `sub_${user.userId}`;
    const customer = `cus_${user.userId}`;
    stripe.subscriptions.set(
      subscriptionId,
      stripeSubscription({
        id: subscriptionId,
        customer,
        price: 'price_me_month',
        periodStart: JAN_10,
        periodEnd: FEB_10,
        metadata: { sessionId, userId: user.userId },
      }),
    );
    const completed = stripeEvent(
      'checkout.session.completed',
      {
        id: 'cs_test_x',
        object: 'checkout.session',
        client_reference_id: sessionId,
        customer,
        subscription: subscriptionId,
      },
      JAN_10,
    );
    const firstInvoice = stripeEvent(
      'invoice.paid',
      invoice(subscriptionId, {
        reason: 'subscription_create',
        start: JAN_10,
        end: FEB_10,
        id: `in_first_${user.userId}`,
      }),
      JAN_10,
    );
    return { user, subscriptionId, sessionId, completed, firstInvoice };
  }

  it('a signed checkout completion and invoice activate the plan once; replays change nothing', async () => {
    const { user, completed, firstInvoice } = await subscribedThroughStripe();
    expect((await deliver(completed)).json()).toEqual({ received: true, outcome: 'processed' });
    expect((await deliver(firstInvoice)).json()).toEqual({ received: true, outcome: 'processed' });
    expect(await status(user)).toMatchObject({
      subscribed: true,
      subscription_tier: 'me',
      current_period_end: FEB_10.toISOString(),
    });

    expect((await deliver(firstInvoice)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await deliver(completed)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await invoicesOf(user)).toHaveLength(1);
    expect((await subjectsTo(user)).filter((subject) => subject === 'Beleg: Tarif Me')).toHaveLength(1);

    const portal = await app.inject({ method: 'POST', url: '/api/billing/portal', headers: as(user) });
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    const portalRequest = stripe.requests.findLast((entry) => entry.path === '/v1/billing_portal/sessions');
    expect(portalRequest?.params.get('customer')).toBe(`cus_${user.userId}`);
  });

  it('an invoice paid before the checkout completion still activates the plan, and the completion after it too', async () => {
    const { user, completed, firstInvoice } = await subscribedThroughStripe();
    expect((await deliver(firstInvoice)).json().outcome).toBe('processed');
    expect((await deliver(completed)).json().outcome).toBe('processed');
    expect(await status(user)).toMatchObject({ subscription_tier: 'me', current_period_end: FEB_10.toISOString() });
    expect(await invoicesOf(user)).toHaveLength(1);
  });

  it('bad, missing or foreign signatures answer 400 and change nothing', async () => {
    const { user, completed, firstInvoice } = await subscribedThroughStripe();
    const tampered = firstInvoice.replace('"amount_paid":900', '"amount_paid":1');
    const cases = [
      await deliver(tampered, signed(firstInvoice)),
      await deliver(firstInvoice, 'nonsense'),
      await deliver(firstInvoice, ''),
      await deliver(completed, signed(completed, 'whsec_someone_else')),
    ];
    for (const response of cases) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('bad_request');
    }
    expect(await status(user)).toMatchObject({ subscribed: false, subscription_tier: null });
    expect(await invoicesOf(user)).toHaveLength(0);
  });

  it('a signed event of a type the portal does not handle answers 400 and changes nothing', async () => {
    const { user } = await subscribedThroughStripe();
    const other = stripeEvent('customer.created', { id: `cus_${user.userId}`, object: 'customer' }, JAN_10);
    const response = await deliver(other);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('unsupported_event');
    expect(await status(user)).toMatchObject({ subscribed: false });
  });

  it('renewal, a failed payment, the end of the plan, and late events that converge to Stripe’s latest state', async () => {
    const { user, subscriptionId, completed, firstInvoice } = await subscribedThroughStripe();
    await deliver(completed);
    await deliver(firstInvoice);
    const stored = stripe.subscriptions.get(subscriptionId);
    if (!stored) throw new Error('no subscription at the imitation');
    const staleUpdate = stripeEvent('customer.subscription.updated', structuredClone(stored), JAN_10);

    clock.set(FEB_10);
    stripe.subscriptions.set(subscriptionId, {
      ...stored,
      ...stripeSubscription({ ...fields(stored), periodStart: FEB_10, periodEnd: MAR_10 }),
    });
    const renewal = stripeEvent(
      'invoice.paid',
      invoice(subscriptionId, {
        reason: 'subscription_cycle',
        start: FEB_10,
        end: MAR_10,
        id: `in_cycle_${user.userId}`,
      }),
      FEB_10,
    );
    expect((await deliver(renewal)).json().outcome).toBe('processed');
    expect(await status(user)).toMatchObject({ subscription_tier: 'me', current_period_end: MAR_10.toISOString() });
    expect(await invoicesOf(user)).toHaveLength(2);

    // The January state arrives late: Stripe is asked again, and February's period stays.
    await deliver(staleUpdate);
    expect((await status(user)).current_period_end).toBe(MAR_10.toISOString());

    clock.set(MAR_10);
    const pastDue = stripeSubscription({
      ...fields(stored),
      status: 'past_due',
      periodStart: MAR_10,
      periodEnd: new Date('2026-04-10T10:00:00.000Z'),
    });
    stripe.subscriptions.set(subscriptionId, pastDue);
    const failed = stripeEvent(
      'invoice.payment_failed',
      invoice(subscriptionId, {
        reason: 'subscription_cycle',
        start: MAR_10,
        end: new Date('2026-04-10T10:00:00.000Z'),
        id: `in_failed_${user.userId}`,
      }),
      MAR_10,
    );
    expect((await deliver(failed)).json().outcome).toBe('processed');
    expect(await status(user)).toMatchObject({
      subscription_tier: 'me',
      past_due_until: new Date('2026-03-17T10:00:00.000Z').toISOString(),
    });
    expect(await subjectsTo(user)).toContain('Zahlung fehlgeschlagen: Tarif Me');

    clock.set(new Date('2026-03-20T10:00:00.000Z'));
    stripe.subscriptions.set(subscriptionId, { ...pastDue, status: 'canceled' });
    const deleted = stripeEvent('customer.subscription.deleted', { ...pastDue, status: 'canceled' }, clock.now());
    expect((await deliver(deleted)).json().outcome).toBe('processed');
    expect(await status(user)).toMatchObject({ subscribed: true, subscription_tier: 'calm' });
    expect(await subjectsTo(user)).toContain('Ihr Tarif Me ist beendet');

    // An update from before the deletion, delivered last, finds the subscription canceled at Stripe.
    expect((await deliver(stripeEvent('customer.subscription.updated', pastDue, MAR_10))).json().outcome).toBe(
      'ignored',
    );
    expect(await status(user)).toMatchObject({ subscription_tier: 'calm' });
    expect((await deliver(renewal)).json().outcome).toBe('duplicate');
    expect(await invoicesOf(user)).toHaveLength(2);
  });

  it('late events about a former subscription leave the plan the learner subscribed to since', async () => {
    const { user, subscriptionId, completed, firstInvoice } = await subscribedThroughStripe();
    await deliver(completed);
    await deliver(firstInvoice);
    const former = stripe.subscriptions.get(subscriptionId);
    if (!former) throw new Error('no subscription at the imitation');
    const ended = { ...former, status: 'canceled' };
    stripe.subscriptions.set(subscriptionId, ended);
    await deliver(stripeEvent('customer.subscription.deleted', ended, JAN_10));
    expect((await status(user)).subscription_tier).toBe('calm');

    const again = await app.inject({
      method: 'POST',
      url: '/api/subscription/checkout',
      headers: as(user),
      payload: { tier: 'me', interval: 'month' },
    });
    expect(again.statusCode).toBe(200);
    const sessionId =
      stripe.requests.findLast((entry) => entry.path === '/v1/checkout/sessions')?.params.get('client_reference_id') ??
      '';
    const renewedId = `${subscriptionId}_again`;
    stripe.subscriptions.set(
      renewedId,
      stripeSubscription({
        ...fields(former),
        id: renewedId,
        periodStart: JAN_10,
        periodEnd: FEB_10,
        metadata: { sessionId, userId: user.userId },
      }),
    );
    await deliver(
      stripeEvent(
        'checkout.session.completed',
        {
          id: 'cs_test_y',
          object: 'checkout.session',
          client_reference_id: sessionId,
          customer: former.customer,
          subscription: renewedId,
        },
        JAN_10,
      ),
    );
    await deliver(
      stripeEvent(
        'invoice.paid',
        invoice(renewedId, {
          reason: 'subscription_create',
          start: JAN_10,
          end: FEB_10,
          id: `in_again_${user.userId}`,
        }),
        JAN_10,
      ),
    );
    expect((await status(user)).subscription_tier).toBe('me');

    const late = await deliver(stripeEvent('customer.subscription.deleted', ended, FEB_10));
    expect(late.json().outcome).toBe('ignored');
    expect(await status(user)).toMatchObject({ subscription_tier: 'me', current_period_end: FEB_10.toISOString() });
  });

  it('canceling at period end on the subscription screen tells Stripe', async () => {
    const { user, subscriptionId, completed, firstInvoice } = await subscribedThroughStripe();
    await deliver(completed);
    await deliver(firstInvoice);
    const canceled = await app.inject({ method: 'POST', url: '/api/billing/subscription/cancel', headers: as(user) });
    expect(canceled.statusCode).toBe(200);
    expect(stripe.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(true);
  });
});

/** The fields of a stored subscription that `stripeSubscription` builds it from. */
function fields(subscription: ReturnType<typeof stripeSubscription>) {
  const item = subscription.items.data[0];
  return {
    id: subscription.id,
    customer: subscription.customer,
    price: item?.price.id ?? '',
    periodStart: new Date((item?.current_period_start ?? 0) * 1000),
    periodEnd: new Date((item?.current_period_end ?? 0) * 1000),
    metadata: subscription.metadata,
  };
}
