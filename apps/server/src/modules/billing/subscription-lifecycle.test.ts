import { DEFAULT_PLAN_PRICES, type PaidTier, SANDBOX_CARDS } from '@portal/shared/billing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.ts';
import { asUser, signUpAdmin } from '../../testing/billing-factories.ts';
import { readMailbox, type SignedIn, signUpAndConfirm } from '../../testing/factories.ts';
import { databaseOf, startTestApp, testTargets } from '../../testing/test-app.ts';
import { createTestClock } from '../../testing/test-clock.ts';
import { createBillingRepository } from './billing.repository.ts';
import { SUBSCRIPTION_LIFECYCLE_JOB } from './subscription-lifecycle.jobs.ts';
import { createSubscriptionManagementRepository } from './subscription-management.repository.ts';

const ANALYTICS = '/api/analytics/learner?from=2026-01-01&to=2026-01-31';
const START = new Date('2026-01-10T10:00:00.000Z');
const MINUTE = 60_000;
const DAY = 86_400_000;

describe.each(testTargets())('subscription lifecycle on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;
  const clock = createTestClock(START);

  beforeAll(async () => {
    ({ app, close } = await startTestApp(target, {}, { clock }));
  });
  afterAll(async () => {
    await close();
  });

  type Learner = SignedIn & { email: string; language: 'en' | 'zh' | 'de' };
  const as = (user: Learner) => ({ cookie: user.cookie, 'x-portal-language': user.language });
  const status = async (user: Learner) =>
    (await app.inject({ method: 'GET', url: '/api/subscription/check', headers: as(user) })).json();
  const analyticsStatus = async (user: Learner) =>
    (await app.inject({ method: 'GET', url: ANALYTICS, headers: as(user) })).statusCode;
  const invoicesOf = (user: Learner) => createBillingRepository({ db: databaseOf(app).db }).invoicesOf(user.userId);
  const mailTo = async (user: Learner) => (await readMailbox(app)).filter((mail) => mail.recipient === user.email);
  const auditActions = async (user: Learner) =>
    (await app.inject({ method: 'GET', url: '/api/audit/mine', headers: as(user) }))
      .json()
      .events.map((event: { action: string }) => event.action)
      .filter((action: string) => action.startsWith('subscription.'));

  /** A learner who paid a monthly plan (`me` unless told) in the sandbox at START; answers the period end. */
  async function paidLearner(language: Learner['language'] = 'en', tier: PaidTier = 'me') {
    clock.set(START);
    const user: Learner = { ...(await signUpAndConfirm(app)), language };
    const opened = await app.inject({
      method: 'POST',
      url: '/api/subscription/checkout',
      headers: as(user),
      payload: { tier, interval: 'month' },
    });
    const sessionId = opened.json().url.replace('/billing/sandbox/', '');
    const paid = await app.inject({
      method: 'POST',
      url: `/api/billing/sandbox/${sessionId}/pay`,
      headers: as(user),
      payload: { cardNumber: SANDBOX_CARDS.success, idempotencyKey: `key-${sessionId}` },
    });
    expect(paid.statusCode).toBe(200);
    const periodEnd = new Date((await status(user)).current_period_end);
    expect(periodEnd.toISOString()).toBe('2026-02-10T10:00:00.000Z');
    return { user, periodEnd };
  }

  /** The saved card starts declining, as a card that expired or was blocked would. */
  const cardStartsDeclining = (user: Learner) =>
    createSubscriptionManagementRepository({ db: databaseOf(app).db }).savePaymentMethod(
      user.userId,
      { brand: 'Visa', last4: SANDBOX_CARDS.declinesLater.slice(-4) },
      clock.now(),
    );

  /** Queues one run of the lifecycle job on the job queue and waits until a worker of this app completed it. */
  async function runLifecycleJob() {
    const id = await app.jobs.schedule(SUBSCRIPTION_LIFECYCLE_JOB);
    if (!id) throw new Error('the lifecycle job was not queued');
    await vi.waitFor(async () => expect(await app.jobs.state(SUBSCRIPTION_LIFECYCLE_JOB, id)).toBe('completed'), {
      timeout: 30_000,
      interval: 200,
    });
  }

  it('at the period end the job charges the saved card: another month, a receipt and an audit entry, once', async () => {
    const { user, periodEnd } = await paidLearner('de');
    clock.set(new Date(periodEnd.getTime() - MINUTE));
    await runLifecycleJob();
    expect(await invoicesOf(user)).toHaveLength(1);

    clock.set(new Date(periodEnd.getTime() + MINUTE));
    await runLifecycleJob();
    await runLifecycleJob();

    expect(await status(user)).toMatchObject({
      subscribed: true,
      subscription_tier: 'me',
      current_period_end: '2026-03-10T10:00:00.000Z',
    });
    const invoices = await invoicesOf(user);
    expect(invoices).toHaveLength(2);
    expect(invoices.find((invoice) => invoice.sessionId === null)).toMatchObject({
      amount: DEFAULT_PLAN_PRICES.me.month.amount,
      periodStart: periodEnd,
      periodEnd: new Date('2026-03-10T10:00:00.000Z'),
    });
    const receipts = (await mailTo(user)).filter((mail) => mail.subject === 'Beleg: Tarif Me');
    expect(receipts).toHaveLength(2);
    expect(receipts.some((mail) => mail.text.includes('10. März 2026'))).toBe(true);
    expect(await auditActions(user)).toContain('subscription.renewed');
    expect(await analyticsStatus(user)).toBe(200);
  });

  it('a declined renewal is past_due for 7 days with a mail and the tier kept, then falls to calm', async () => {
    const { user, periodEnd } = await paidLearner('zh');
    await cardStartsDeclining(user);
    clock.set(new Date(periodEnd.getTime() + MINUTE));
    await runLifecycleJob();

    const graceEnd = new Date(periodEnd.getTime() + 7 * DAY);
    expect(await status(user)).toMatchObject({
      subscribed: true,
      subscription_tier: 'me',
      past_due_until: graceEnd.toISOString(),
    });
    expect(await analyticsStatus(user)).toBe(200);
    const failed = (await mailTo(user)).filter((mail) => mail.subject === '付款失败：Me 套餐');
    expect(failed).toHaveLength(1);
    expect(await invoicesOf(user)).toHaveLength(1);

    clock.set(new Date(graceEnd.getTime() - MINUTE));
    await runLifecycleJob();
    expect((await status(user)).subscription_tier).toBe('me');
    expect((await mailTo(user)).filter((mail) => mail.subject === '付款失败：Me 套餐')).toHaveLength(1);

    clock.set(graceEnd);
    expect(await status(user)).toMatchObject({ subscribed: true, subscription_tier: 'calm' });
    await runLifecycleJob();
    expect(await analyticsStatus(user)).toBe(402);
    expect((await mailTo(user)).map((mail) => mail.subject)).toContain('您的 Me 套餐已结束');
    expect(await auditActions(user)).toEqual(
      expect.arrayContaining(['subscription.payment_failed', 'subscription.downgraded']),
    );
    expect(await invoicesOf(user)).toHaveLength(1);
  });

  it('a past_due plan whose card works again renews on the next run from where the period ended', async () => {
    const { user, periodEnd } = await paidLearner();
    await cardStartsDeclining(user);
    clock.set(new Date(periodEnd.getTime() + MINUTE));
    await runLifecycleJob();
    expect((await mailTo(user)).map((mail) => mail.subject)).toContain('Payment failed: Me plan');

    await createSubscriptionManagementRepository({ db: databaseOf(app).db }).savePaymentMethod(
      user.userId,
      { brand: 'Visa', last4: SANDBOX_CARDS.success.slice(-4) },
      clock.now(),
    );
    clock.set(new Date(periodEnd.getTime() + 2 * DAY));
    await runLifecycleJob();

    const after = await status(user);
    expect(after).toMatchObject({ subscription_tier: 'me', current_period_end: '2026-03-10T10:00:00.000Z' });
    expect(after.past_due_until).toBeUndefined();
    expect(await invoicesOf(user)).toHaveLength(2);
  });

  it('a plan canceled at its period end keeps its tier until then and ends with a mail, without a charge', async () => {
    const { user, periodEnd } = await paidLearner();
    const canceled = await app.inject({ method: 'POST', url: '/api/billing/subscription/cancel', headers: as(user) });
    expect(canceled.statusCode).toBe(200);

    clock.set(new Date(periodEnd.getTime() - MINUTE));
    await runLifecycleJob();
    expect((await status(user)).subscription_tier).toBe('me');

    clock.set(periodEnd);
    expect((await status(user)).subscription_tier).toBe('calm');
    await runLifecycleJob();
    expect(await analyticsStatus(user)).toBe(402);
    expect(await invoicesOf(user)).toHaveLength(1);
    expect((await mailTo(user)).map((mail) => mail.subject)).toContain('Your Me plan has ended');
    expect(await auditActions(user)).toContain('subscription.expired');
    const details = await app.inject({ method: 'GET', url: '/api/billing/subscription', headers: as(user) });
    expect(details.json()).toMatchObject({ status: 'expired' });
  });

  it('a downgrade scheduled for the period end takes effect then: the next period is charged at the lower plan', async () => {
    const { user, periodEnd } = await paidLearner('en', 'universal');
    const changed = await app.inject({
      method: 'POST',
      url: '/api/billing/subscription/change',
      headers: as(user),
      payload: { tier: 'me', interval: 'month' },
    });
    expect(changed.json()).toMatchObject({ effective: 'period_end', charged: 0 });

    clock.set(new Date(periodEnd.getTime() - MINUTE));
    await runLifecycleJob();
    expect((await status(user)).subscription_tier).toBe('universal');

    clock.set(new Date(periodEnd.getTime() + MINUTE));
    await runLifecycleJob();
    expect(await status(user)).toMatchObject({
      subscription_tier: 'me',
      current_period_end: '2026-03-10T10:00:00.000Z',
    });
    const renewal = (await invoicesOf(user)).find((invoice) => invoice.sessionId === null);
    expect(renewal).toMatchObject({ amount: DEFAULT_PLAN_PRICES.me.month.amount, periodStart: periodEnd });
    const details = await app.inject({ method: 'GET', url: '/api/billing/subscription', headers: as(user) });
    expect(details.json()).toMatchObject({ tier: 'me', status: 'active', scheduled_change: null });
  });

  it('free access from a coupon ends when its days are over: calm, a mail and an audit entry, no charge', async () => {
    clock.set(START);
    const admin = await signUpAdmin(app);
    const code = `FREE${Date.now().toString(36).toUpperCase()}`;
    const made = await app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: asUser(admin),
      payload: { code, kind: 'free_access', freeTier: 'me', freeDays: 14, appliesTo: ['me'], maxRedemptions: 10 },
    });
    expect(made.statusCode).toBe(200);
    const user: Learner = { ...(await signUpAndConfirm(app)), language: 'de' };
    const redeemed = await app.inject({
      method: 'POST',
      url: '/api/subscription/redeem-coupon',
      headers: as(user),
      payload: { couponCode: code },
    });
    expect(redeemed.json()).toEqual({ success: true, message: 'Coupon Redeemed!' });
    const until = new Date(START.getTime() + 14 * DAY);
    expect(await status(user)).toMatchObject({ subscription_tier: 'me', current_period_end: until.toISOString() });

    clock.set(new Date(until.getTime() - MINUTE));
    await runLifecycleJob();
    expect(await analyticsStatus(user)).toBe(200);

    clock.set(new Date(until.getTime() + MINUTE));
    await runLifecycleJob();
    await runLifecycleJob();
    expect((await status(user)).subscription_tier).toBe('calm');
    expect(await analyticsStatus(user)).toBe(402);
    const details = await app.inject({ method: 'GET', url: '/api/billing/subscription', headers: as(user) });
    expect(details.json()).toMatchObject({ status: 'expired' });
    expect(await invoicesOf(user)).toHaveLength(0);
    const ended = (await mailTo(user)).filter((mail) => mail.subject === 'Ihr Tarif Me ist beendet');
    expect(ended).toHaveLength(1);
    expect(ended[0]?.text).toContain('Gutscheincode');
    expect(await auditActions(user)).toContain('subscription.expired');
  });

  it('runs that overlap charge and mail a renewal once', async () => {
    const { user, periodEnd } = await paidLearner();
    clock.set(new Date(periodEnd.getTime() + MINUTE));
    await Promise.all([runLifecycleJob(), runLifecycleJob(), runLifecycleJob()]);
    expect(await invoicesOf(user)).toHaveLength(2);
    expect((await mailTo(user)).filter((mail) => mail.subject === 'Receipt: Me plan')).toHaveLength(2);
  });
});
