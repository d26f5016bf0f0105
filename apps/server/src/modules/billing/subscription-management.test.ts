import { DEFAULT_PLAN_PRICES } from '@portal/shared/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { asUser, buyPlan, signUpPaying } from '../../testing/billing-factories.ts';
import { readMailbox, type SignedIn, signUpSubscribed } from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';

const ANALYTICS = '/api/analytics/learner?from=2026-01-01&to=2026-01-31';
const LIVE_FEATURE_ROUTE = '/api/shared-plan/invites';

describe.each(testTargets())('managing a paid plan on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, close } = await startTestApp(target));
  });
  afterAll(async () => {
    await close();
  });

  const get = (user: SignedIn, url: string) => app.inject({ method: 'GET', url, headers: asUser(user, 'de') });
  const post = (user: SignedIn, url: string, payload?: object) =>
    app.inject({ method: 'POST', url, headers: asUser(user, 'de'), ...(payload ? { payload } : {}) });
  const details = async (user: SignedIn) => (await get(user, '/api/billing/subscription')).json();
  const invoices = async (user: SignedIn) => (await get(user, '/api/billing/invoices')).json().invoices;
  const mailTo = async (email: string) =>
    (await readMailbox(app)).filter((message) => message.recipient === email).map((message) => message.subject);
  const auditActions = async (user: SignedIn) =>
    (await get(user, '/api/audit/mine')).json().events.map((event: { action: string }) => event.action);

  it('shows a bought plan with its status, renewal date and interval, and its receipt', async () => {
    const user = await signUpPaying(app, 'me');
    const shown = await details(user);
    expect(shown).toMatchObject({
      tier: 'me',
      status: 'active',
      interval: 'month',
      cancel_at_period_end: false,
      scheduled_change: null,
      manageable: true,
      shared_from: null,
    });
    expect(new Date(shown.current_period_end).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    const [receipt] = await invoices(user);
    expect(receipt).toMatchObject({ tier: 'me', amount: DEFAULT_PLAN_PRICES.me.month.amount, provider: 'sandbox' });
    const one = await get(user, `/api/billing/invoices/${receipt.id}`);
    expect(one.json()).toMatchObject({ id: receipt.id, currency: 'EUR' });
  });

  it("another user's receipt is as unknown as a made-up one", async () => {
    const owner = await signUpPaying(app, 'me');
    const stranger = await signUpSubscribed(app, 'calm');
    const [receipt] = await invoices(owner);
    expect((await get(stranger, `/api/billing/invoices/${receipt.id}`)).statusCode).toBe(404);
  });

  it('an upgrade starts at once and charges the prorated difference, with a receipt', async () => {
    const user = await signUpPaying(app, 'me');
    expect((await post(user, LIVE_FEATURE_ROUTE, { email: 'friend@example.com' })).statusCode).toBe(402);
    const periodEnd = (await details(user)).current_period_end;
    const changed = await post(user, '/api/billing/subscription/change', { tier: 'us', interval: 'month' });
    expect(changed.statusCode).toBe(200);
    const difference = DEFAULT_PLAN_PRICES.us.month.amount - DEFAULT_PLAN_PRICES.me.month.amount;
    expect(changed.json()).toMatchObject({ effective: 'now', currency: 'EUR' });
    expect(changed.json().charged).toBeGreaterThan(difference * 0.95);
    expect(changed.json().charged).toBeLessThanOrEqual(difference);
    expect(await details(user)).toMatchObject({ tier: 'us', status: 'active', current_period_end: periodEnd });
    const [latest] = await invoices(user);
    expect(latest).toMatchObject({ tier: 'us', amount: changed.json().charged });
    expect((await post(user, LIVE_FEATURE_ROUTE, { email: 'friend@example.com' })).statusCode).toBe(200);
    expect(await auditActions(user)).toContain('subscription.changed');
  });

  it('a quote says what a change would charge now and when it starts, changing nothing; the change charges it', async () => {
    const user = await signUpPaying(app, 'me');
    const quote = (tier: string, interval: string) =>
      get(user, `/api/billing/subscription/change-quote?tier=${tier}&interval=${interval}`);
    const before = await invoices(user);
    const upgrade = await quote('universal', 'month');
    expect(upgrade.statusCode).toBe(200);
    expect(upgrade.json()).toMatchObject({ effective: 'now', currency: 'EUR' });
    const difference = DEFAULT_PLAN_PRICES.universal.month.amount - DEFAULT_PLAN_PRICES.me.month.amount;
    expect(upgrade.json().amount).toBeGreaterThan(difference * 0.95);
    expect(upgrade.json().amount).toBeLessThanOrEqual(difference);
    const periodEnd = (await details(user)).current_period_end;
    expect(await quote('me', 'year').then((answer) => answer.json().effective)).toBe('now');
    expect((await details(user)).tier).toBe('me');
    expect(await invoices(user)).toHaveLength(before.length);

    const changed = await post(user, '/api/billing/subscription/change', { tier: 'universal', interval: 'month' });
    expect(Math.abs(changed.json().charged - upgrade.json().amount)).toBeLessThanOrEqual(1);
    expect((await quote('us', 'month')).json()).toEqual({
      effective: 'period_end',
      amount: 0,
      currency: 'EUR',
      starts_at: periodEnd,
    });
    expect((await quote('universal', 'month')).statusCode).toBe(409);
    expect((await quote('gold', 'month')).statusCode).toBe(400);
    const calm = await signUpSubscribed(app, 'calm');
    expect((await get(calm, '/api/billing/subscription/change-quote?tier=me&interval=month')).statusCode).toBe(409);
  });

  it('switching from monthly to yearly starts a yearly period now, credited with the unused month', async () => {
    const user = await signUpPaying(app, 'me');
    const changed = await post(user, '/api/billing/subscription/change', { tier: 'me', interval: 'year' });
    expect(changed.json().effective).toBe('now');
    expect(changed.json().charged).toBeLessThan(DEFAULT_PLAN_PRICES.me.year.amount);
    const shown = await details(user);
    expect(shown).toMatchObject({ tier: 'me', interval: 'year' });
    expect(new Date(shown.current_period_end).getTime()).toBeGreaterThan(Date.now() + 360 * 86_400_000);
  });

  it('a downgrade waits for the period end, is shown as scheduled and can be undone', async () => {
    const user = await signUpPaying(app, 'universal');
    const before = await invoices(user);
    const changed = await post(user, '/api/billing/subscription/change', { tier: 'me', interval: 'month' });
    expect(changed.json()).toMatchObject({ effective: 'period_end', charged: 0 });
    expect(await details(user)).toMatchObject({
      tier: 'universal',
      scheduled_change: { tier: 'me', interval: 'month' },
    });
    expect(await invoices(user)).toHaveLength(before.length);
    const undone = await app.inject({
      method: 'DELETE',
      url: '/api/billing/subscription/scheduled-change',
      headers: asUser(user, 'de'),
    });
    expect(undone.json()).toMatchObject({ tier: 'universal', scheduled_change: null });
    expect(await mailTo(user.email)).toEqual(
      expect.arrayContaining(['Tarifwechsel geplant: Me', 'Geplanter Tarifwechsel zurückgenommen']),
    );
  });

  it('cancel at the period end keeps the plan until then; resume undoes it; both are audited and mailed', async () => {
    const user = await signUpPaying(app, 'me');
    const canceled = await post(user, '/api/billing/subscription/cancel');
    expect(canceled.json()).toMatchObject({ tier: 'me', status: 'canceled', cancel_at_period_end: true });
    expect((await get(user, ANALYTICS)).statusCode).toBe(200);
    expect((await post(user, '/api/billing/subscription/cancel')).statusCode).toBe(409);
    const refused = await post(user, '/api/billing/subscription/change', { tier: 'us', interval: 'month' });
    expect(refused.statusCode).toBe(409);
    const resumed = await post(user, '/api/billing/subscription/resume');
    expect(resumed.json()).toMatchObject({ status: 'active', cancel_at_period_end: false });
    expect(await auditActions(user)).toEqual(
      expect.arrayContaining(['subscription.cancel_at_period_end', 'subscription.resumed']),
    );
    const subjects = await mailTo(user.email);
    expect(subjects.some((subject) => subject.startsWith('Ihr Tarif Me endet am'))).toBe(true);
    expect(subjects).toContain('Ihr Tarif Me läuft weiter');
  });

  it('a free plan cannot be changed, canceled or taken to the portal here', async () => {
    const user = await signUpSubscribed(app, 'calm');
    expect((await post(user, '/api/billing/subscription/change', { tier: 'me', interval: 'month' })).statusCode).toBe(
      409,
    );
    expect((await post(user, '/api/billing/subscription/cancel')).statusCode).toBe(409);
    expect((await post(user, '/api/billing/portal')).statusCode).toBe(409);
  });

  it('the same plan again, or an unknown tier, changes nothing', async () => {
    const user = await signUpPaying(app, 'me');
    expect((await post(user, '/api/billing/subscription/change', { tier: 'me', interval: 'month' })).statusCode).toBe(
      409,
    );
    expect((await post(user, '/api/billing/subscription/change', { tier: 'gold', interval: 'month' })).statusCode).toBe(
      400,
    );
    expect(await invoices(user)).toHaveLength(1);
  });

  it('the sandbox portal changes the test card and refuses the declining one', async () => {
    const user = await signUpPaying(app, 'me');
    expect((await post(user, '/api/billing/portal')).json().url).toMatch(/^\/billing\/sandbox\/portal/);
    expect((await get(user, '/api/billing/payment-method')).json()).toEqual({
      payment_method: { brand: 'Visa', last4: '4242' },
    });
    const put = (cardNumber: string) =>
      app.inject({
        method: 'POST',
        url: '/api/billing/sandbox/payment-method',
        headers: asUser(user),
        payload: { cardNumber },
      });
    expect((await put('4000 0000 0000 0002')).statusCode).toBe(402);
    expect((await put('4242 4242 4242 4242')).json()).toEqual({ payment_method: { brand: 'Visa', last4: '4242' } });
    expect(await auditActions(user)).toContain('billing.payment_method_updated');
  });

  it('a subscriber is sent to this screen: a second checkout for a paid plan is refused', async () => {
    const user = await signUpPaying(app, 'me');
    await expect(buyPlan(app, user, 'me')).rejects.toThrow(/409/);
  });
});
