import type { PlanPrices } from '@portal/shared/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { readMailbox, type SignedIn, signUpSubscribed } from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';

/** Prices an operator set (PLAN_PRICES), none of them the defaults. */
const PRICES: PlanPrices = {
  me: { month: { amount: 1250, currency: 'USD' }, year: { amount: 12500, currency: 'USD' } },
  us: { month: { amount: 2450, currency: 'USD' }, year: { amount: 24500, currency: 'USD' } },
  universal: { month: { amount: 3450, currency: 'USD' }, year: { amount: 34500, currency: 'USD' } },
};

describe.each(testTargets())('plan prices from the configuration on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, close } = await startTestApp(target, { prices: PRICES }));
  });
  afterAll(async () => {
    await close();
  });

  it('the checkout asks the configured price, and the receipt bills it', async () => {
    const user = (await signUpSubscribed(app, 'calm')) as SignedIn & { email: string };
    const headers = { cookie: user.cookie, 'x-portal-language': 'en' };
    const started = await app.inject({
      method: 'POST',
      url: '/api/subscription/checkout',
      headers,
      payload: { tier: 'us', interval: 'month' },
    });
    expect(started.statusCode).toBe(200);
    const sessionId = String(started.json().url).replace('/billing/sandbox/', '');

    const shown = await app.inject({ method: 'GET', url: `/api/billing/sessions/${sessionId}`, headers });
    expect(shown.json()).toMatchObject({ tier: 'us', interval: 'month', amount: 2450, currency: 'USD' });
    const paid = await app.inject({
      method: 'POST',
      url: `/api/billing/sandbox/${sessionId}/pay`,
      headers,
      payload: { cardNumber: '4242 4242 4242 4242', idempotencyKey: `key-${sessionId}` },
    });
    expect(paid.json()).toMatchObject({ status: 'completed', paid: true });

    const receipt = (await readMailbox(app)).find((message) => message.recipient === user.email);
    expect(receipt?.text).toContain('$24.50');
  });
});
