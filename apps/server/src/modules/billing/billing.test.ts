import { DEFAULT_PLAN_PRICES, SANDBOX_CARDS } from '@portal/shared/billing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { readMailbox, type SignedIn, signUpAndConfirm, signUpSubscribed } from '../../testing/factories.ts';
import { databaseOf, startTestApp, testTargets } from '../../testing/test-app.ts';
import { createBillingRepository } from './billing.repository.ts';
import { createSandboxProvider } from './billing.sandbox.ts';
import { billingCheckoutSessions } from './billing.table.ts';

const ANALYTICS = '/api/analytics/learner?from=2026-01-01&to=2026-01-31';
const GOOD_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';

describe.each(testTargets())('paid checkout through the sandbox on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const started = await startTestApp(target);
    app = started.app;
    close = started.close;
  });
  afterAll(async () => {
    await close();
  });

  const as = (user: Pick<SignedIn, 'cookie'>) => ({ cookie: user.cookie, 'x-portal-language': 'de' });
  const status = async (user: SignedIn) =>
    (await app.inject({ method: 'GET', url: '/api/subscription/check', headers: as(user) })).json();
  const checkout = (user: SignedIn, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/subscription/checkout', headers: as(user), payload });
  const sessionIdOf = (url: string) => url.replace('/billing/sandbox/', '');
  const startMe = async (user: SignedIn, interval: 'month' | 'year' = 'month') => {
    const response = await checkout(user, { tier: 'me', interval });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ freeAccess: false, url: expect.stringMatching(/^\/billing\/sandbox\/cs_/) });
    return sessionIdOf(body.url);
  };
  const pay = (user: SignedIn, sessionId: string, cardNumber = GOOD_CARD, idempotencyKey = `key-${sessionId}`) =>
    app.inject({
      method: 'POST',
      url: `/api/billing/sandbox/${sessionId}/pay`,
      headers: as(user),
      payload: { cardNumber, idempotencyKey },
    });
  const getSession = (user: SignedIn, sessionId: string) =>
    app.inject({ method: 'GET', url: `/api/billing/sessions/${sessionId}`, headers: as(user) });
  const invoicesOf = (user: SignedIn) => createBillingRepository({ db: databaseOf(app).db }).invoicesOf(user.userId);
  const receiptsTo = async (email: string) =>
    (await readMailbox(app)).filter((message) => message.recipient === email && message.subject.startsWith('Beleg'));
  const auditOf = async (user: SignedIn) =>
    (await app.inject({ method: 'GET', url: '/api/audit/mine', headers: as(user) }))
      .json()
      .events.filter((event: { action: string }) => event.action === 'subscription.activated');

  it('a calm learner pays me with 4242: the plan is active, me screens open, receipt and audit are written', async () => {
    const user = await signUpSubscribed(app, 'calm');
    expect((await app.inject({ method: 'GET', url: ANALYTICS, headers: as(user) })).statusCode).toBe(402);
    const sessionId = await startMe(user, 'year');

    const shown = await getSession(user, sessionId);
    expect(shown.json()).toMatchObject({
      tier: 'me',
      interval: 'year',
      amount: DEFAULT_PLAN_PRICES.me.year.amount,
      currency: DEFAULT_PLAN_PRICES.me.year.currency,
      status: 'open',
      paid: false,
      cancel_path: '/dashboard/subscription',
    });

    const paid = await pay(user, sessionId);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'completed', paid: true });

    const after = await status(user);
    expect(after).toMatchObject({ subscribed: true, subscription_tier: 'me' });
    const renewal = new Date(after.current_period_end).getTime();
    expect(renewal - Date.now()).toBeGreaterThan(360 * 24 * 3600_000);
    expect((await app.inject({ method: 'GET', url: ANALYTICS, headers: as(user) })).statusCode).toBe(200);

    const [receipt] = await receiptsTo((user as SignedIn & { email: string }).email);
    expect(receipt?.subject).toBe('Beleg: Tarif Me');
    expect(receipt?.text).toContain('90,00');
    const [audit] = await auditOf(user);
    expect(audit.new_values).toMatchObject({ subscription_tier: 'me', interval: 'year', amount: 9000 });
    expect(audit.old_values).toMatchObject({ subscription_tier: 'calm' });
  });

  it('a new user without a plan pays monthly and cancel would have led back to /choose-plan', async () => {
    const user = await signUpAndConfirm(app);
    const sessionId = await startMe(user);
    expect((await getSession(user, sessionId)).json().cancel_path).toBe('/choose-plan');

    expect((await pay(user, sessionId)).statusCode).toBe(200);
    expect(await status(user)).toMatchObject({ subscribed: true, subscription_tier: 'me' });
  });

  it('a declined card says so and changes nothing; the session can still be paid', async () => {
    const user = await signUpSubscribed(app, 'calm');
    const sessionId = await startMe(user);

    const declined = await pay(user, sessionId, DECLINED_CARD);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error.code).toBe('card_declined');
    expect(await status(user)).toMatchObject({ subscription_tier: 'calm' });
    expect(await invoicesOf(user)).toHaveLength(0);
    expect((await getSession(user, sessionId)).json()).toMatchObject({ status: 'open', paid: false });

    const other = await pay(user, sessionId, '1234 5678 9012 3456');
    expect(other.statusCode).toBe(400);
    expect(await status(user)).toMatchObject({ subscription_tier: 'calm' });

    expect((await pay(user, sessionId)).statusCode).toBe(200);
    expect(await status(user)).toMatchObject({ subscription_tier: 'me' });
  });

  it('cancel returns to where the user came from, changes nothing, and the session can no longer be paid', async () => {
    const user = await signUpAndConfirm(app);
    const sessionId = await startMe(user);

    const canceled = await app.inject({
      method: 'POST',
      url: `/api/billing/sandbox/${sessionId}/cancel`,
      headers: as(user),
    });
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toEqual({ cancel_path: '/choose-plan' });
    expect(await status(user)).toEqual({ subscribed: false, subscription_tier: null, current_period_end: null });

    const late = await pay(user, sessionId);
    expect(late.statusCode).toBe(409);
    expect(await status(user)).toMatchObject({ subscribed: false });
    expect(await invoicesOf(user)).toHaveLength(0);
  });

  it('a double click on Pay charges once: one invoice, one receipt', async () => {
    const user = await signUpAndConfirm(app);
    const sessionId = await startMe(user);

    const [first, second] = await Promise.all([pay(user, sessionId), pay(user, sessionId)]);
    const third = await pay(user, sessionId, GOOD_CARD, 'another-key-123');
    for (const response of [first, second, third]) expect(response.statusCode).toBe(200);
    expect(await invoicesOf(user)).toHaveLength(1);
    expect(await receiptsTo(user.email)).toHaveLength(1);
    expect(await auditOf(user)).toHaveLength(1);
  });

  it('a second click or tab on the same plan opens the same checkout; another plan closes the older one', async () => {
    const user = await signUpAndConfirm(app);
    const first = await startMe(user, 'year');
    const again = await startMe(user, 'year');
    expect(again).toBe(first);

    const universal = await checkout(user, { tier: 'universal', interval: 'month' });
    const universalId = sessionIdOf(universal.json().url);
    const older = await pay(user, again);
    expect(older.statusCode).toBe(409);
    expect((await getSession(user, again)).json()).toMatchObject({ status: 'canceled', paid: false });
    expect(await status(user)).toMatchObject({ subscribed: false });

    expect((await pay(user, universalId)).statusCode).toBe(200);
    expect(await status(user)).toMatchObject({ subscription_tier: 'universal' });
    expect(await invoicesOf(user)).toHaveLength(1);
  });

  it('of two checkouts open at once in two tabs, one is paid: the other charges nothing, together or later', async () => {
    const { db } = databaseOf(app);
    const twoOpen = async (user: SignedIn) => {
      const meId = await startMe(user);
      const [row] = await db.select().from(billingCheckoutSessions).where(eq(billingCheckoutSessions.id, meId));
      if (!row) throw new Error('the checkout was not stored');
      const universalId = `${meId}u`;
      await db.insert(billingCheckoutSessions).values({ ...row, id: universalId, tier: 'universal' });
      return [universalId, meId] as const;
    };

    const later = await signUpAndConfirm(app);
    const [universalId, meId] = await twoOpen(later);
    expect((await pay(later, universalId)).statusCode).toBe(200);
    const stale = await pay(later, meId);
    expect(stale.statusCode).toBe(409);
    expect((await getSession(later, meId)).json()).toMatchObject({ status: 'canceled', paid: false });
    expect(await status(later)).toMatchObject({ subscription_tier: 'universal' });
    expect(await invoicesOf(later)).toHaveLength(1);

    const together = await signUpAndConfirm(app);
    const ids = await twoOpen(together);
    const answers = await Promise.all(ids.map((id) => pay(together, id)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await invoicesOf(together)).toHaveLength(1);
    expect(await receiptsTo(together.email)).toHaveLength(1);
  });

  it('replayed provider events change nothing; events in reverse order converge', async () => {
    const user = await signUpAndConfirm(app);
    const sessionId = await startMe(user);
    expect((await pay(user, sessionId)).statusCode).toBe(200);
    const session = await createBillingRepository({ db: databaseOf(app).db }).findSession(sessionId);
    if (!session) throw new Error('session missing');
    const before = await status(user);

    for (const event of createSandboxProvider().paymentEvents(session, new Date(Date.now() + 86_400_000))) {
      expect(await app.billingEvents.handle(event, 'sandbox')).toBe('duplicate');
    }
    expect(await status(user)).toEqual(before);
    expect(await invoicesOf(user)).toHaveLength(1);
    expect(await receiptsTo(user.email)).toHaveLength(1);

    const other = await signUpAndConfirm(app);
    const otherSessionId = await startMe(other);
    const otherSession = await createBillingRepository({ db: databaseOf(app).db }).findSession(otherSessionId);
    if (!otherSession) throw new Error('session missing');
    const [completed, invoicePaid] = createSandboxProvider().paymentEvents(otherSession, new Date());
    if (!completed || !invoicePaid) throw new Error('events missing');
    expect(await app.billingEvents.handle(invoicePaid, 'sandbox')).toBe('processed');
    expect(await app.billingEvents.handle(completed, 'sandbox')).toBe('processed');
    expect(await status(other)).toMatchObject({ subscribed: true, subscription_tier: 'me' });
    expect((await getSession(other, otherSessionId)).json()).toMatchObject({ status: 'completed' });
  });

  it('a payment whose events were lost on the way is completed by the next Pay, still charging once', async () => {
    const user = await signUpAndConfirm(app);
    const sessionId = await startMe(user);
    const repository = createBillingRepository({ db: databaseOf(app).db });
    expect(await repository.claimForPayment(user.userId, sessionId, 'lost-events-key', new Date())).toBeDefined();
    expect(await status(user)).toMatchObject({ subscribed: false });

    const again = await pay(user, sessionId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'completed', paid: true });
    expect(await status(user)).toMatchObject({ subscribed: true, subscription_tier: 'me' });
    expect(await invoicesOf(user)).toHaveLength(1);
    expect(await receiptsTo(user.email)).toHaveLength(1);
  });

  it('an expired checkout can no longer be paid and says so', async () => {
    const user = await signUpAndConfirm(app);
    const sessionId = await startMe(user);
    await databaseOf(app)
      .db.update(billingCheckoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(billingCheckoutSessions.id, sessionId));

    expect((await getSession(user, sessionId)).json()).toMatchObject({ status: 'expired', paid: false });
    const late = await pay(user, sessionId);
    expect(late.statusCode).toBe(409);
    expect(await status(user)).toMatchObject({ subscribed: false });
    expect(await invoicesOf(user)).toHaveLength(0);
  });

  it("another user's session and made-up ids answer 404 and change nothing", async () => {
    const owner = await signUpAndConfirm(app);
    const intruder = await signUpAndConfirm(app);
    const sessionId = await startMe(owner);

    for (const id of [sessionId, `${sessionId}x`, 'cs_made_up', "1' or '1'='1"]) {
      const encoded = encodeURIComponent(id);
      expect((await getSession(intruder, encoded)).statusCode).toBe(404);
      expect((await pay(intruder, encoded)).statusCode).toBe(404);
      const cancel = await app.inject({
        method: 'POST',
        url: `/api/billing/sandbox/${encoded}/cancel`,
        headers: as(intruder),
      });
      expect(cancel.statusCode).toBe(404);
    }
    expect(await status(intruder)).toMatchObject({ subscribed: false });
    expect(await status(owner)).toMatchObject({ subscribed: false });
    expect((await getSession(owner, sessionId)).json()).toMatchObject({ status: 'open', paid: false });
  });

  it.each([
    { tier: 'platinum', interval: 'month' },
    { tier: 'me', interval: 'weekly' },
  ])('checkout for $tier/$interval answers 400 and opens nothing', async (body) => {
    const user = await signUpAndConfirm(app);
    const response = await checkout(user, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
    expect(await status(user)).toMatchObject({ subscribed: false });
  });

  it('a checkout for the plan the user already has, or away from a paid plan, is refused with 409', async () => {
    const user = await signUpSubscribed(app, 'me');
    for (const tier of ['me', 'universal']) {
      const response = await checkout(user, { tier, interval: 'month' });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('conflict');
    }
    expect(await status(user)).toMatchObject({ subscription_tier: 'me' });
  });

  it('a payment needs a session cookie', async () => {
    const owner = await signUpAndConfirm(app);
    const sessionId = await startMe(owner);
    const response = await app.inject({
      method: 'POST',
      url: `/api/billing/sandbox/${sessionId}/pay`,
      payload: { cardNumber: SANDBOX_CARDS.success, idempotencyKey: 'anonymous-key' },
    });
    expect(response.statusCode).toBe(401);
    expect(await status(owner)).toMatchObject({ subscribed: false });
  });
});
