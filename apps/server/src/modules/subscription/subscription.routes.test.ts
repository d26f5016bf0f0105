import { SPEC_MESSAGES } from '@portal/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { signInAs, signUpAndConfirm } from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { DEMO_PASSWORD, seedDemoData } from '../demo/demo.module.ts';

describe.each(testTargets())('subscriptions on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const started = await startTestApp(target);
    app = started.app;
    close = started.close;
    await seedDemoData({ app, db: started.database.db });
  });
  afterAll(async () => {
    await close();
  });

  const checkStatus = (headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/subscription/check', headers });
  const checkout = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/subscription/checkout', headers, payload });

  it('a new user is not subscribed', async () => {
    const { cookie } = await signUpAndConfirm(app);

    const response = await checkStatus({ cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ subscribed: false, subscription_tier: null, current_period_end: null });
  });

  it('choosing calm gives free access at once', async () => {
    const { cookie } = await signUpAndConfirm(app);

    const response = await checkout({ cookie }, { tier: 'calm' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ freeAccess: true, url: null });

    expect((await checkStatus({ cookie })).json()).toEqual({
      subscribed: true,
      subscription_tier: 'calm',
      current_period_end: null,
    });
  });

  it('choosing calm twice keeps one active calm plan', async () => {
    const { cookie } = await signUpAndConfirm(app);

    await checkout({ cookie }, { tier: 'calm', interval: 'year' });
    const again = await checkout({ cookie }, { tier: 'calm' });
    expect(again.statusCode).toBe(200);
    expect((await checkStatus({ cookie })).json()).toMatchObject({ subscribed: true, subscription_tier: 'calm' });
  });

  it('a user with a higher plan keeps it when choosing calm', async () => {
    const { cookie } = await signInAs(app, { email: 'learner@example.com', password: DEMO_PASSWORD });

    const response = await checkout({ cookie }, { tier: 'calm' });
    expect(response.statusCode).toBe(409);
    expect((await checkStatus({ cookie })).json()).toMatchObject({ subscribed: true, subscription_tier: 'me' });
  });

  it('the status is read with a bearer token too', async () => {
    const { token } = await signInAs(app, { email: 'admin@example.com', password: DEMO_PASSWORD });

    const response = await checkStatus({ authorization: `Bearer ${token}` });
    expect(response.json()).toMatchObject({ subscribed: true, subscription_tier: 'universal' });
  });

  describe('choices that are refused', () => {
    let cookie: string;

    beforeAll(async () => {
      cookie = (await signUpAndConfirm(app)).cookie;
    });

    it.each(['me', 'us', 'universal'])('a paid tier (%s) opens a checkout and changes nothing yet', async (tier) => {
      const response = await checkout({ cookie }, { tier });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ freeAccess: false, url: expect.stringMatching(/^\/billing\/sandbox\//) });

      expect((await checkStatus({ cookie })).json()).toEqual({
        subscribed: false,
        subscription_tier: null,
        current_period_end: null,
      });
    });

    it.each([
      { label: 'an unknown tier', body: { tier: 'platinum' } },
      { label: 'no tier', body: {} },
      { label: 'an unknown interval', body: { tier: 'calm', interval: 'weekly' } },
      { label: 'an unknown field', body: { tier: 'calm', discount: 100 } },
    ])('checkout with $label is refused with 400 and changes nothing', async ({ body }) => {
      const response = await checkout({ cookie }, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
      expect((await checkStatus({ cookie })).json().subscribed).toBe(false);
    });
  });

  describe('without a session', () => {
    it('checking the status answers 401 "User not authenticated"', async () => {
      const response = await checkStatus({});
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toEqual({ code: 'unauthorized', message: SPEC_MESSAGES.userNotAuthenticated });
    });

    it.each([{ tier: 'calm' }, { tier: 'me' }, {}])(
      'checkout %j answers 401 "User not authenticated"',
      async (body) => {
        const response = await checkout({}, body);
        expect(response.statusCode).toBe(401);
        expect(response.json().error).toEqual({ code: 'unauthorized', message: SPEC_MESSAGES.userNotAuthenticated });
      },
    );

    it.each([
      ['redeem-coupon', '/api/subscription/redeem-coupon', { couponCode: 'WELCOME' }],
      ['customer-portal', '/api/billing/portal', {}],
    ])('%s answers 401 "User not authenticated"', async (_name, url, payload) => {
      const response = await app.inject({ method: 'POST', url, payload });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toEqual({ code: 'unauthorized', message: SPEC_MESSAGES.userNotAuthenticated });
    });

    it('a signed-out cookie is treated like no session', async () => {
      const { cookie } = await signUpAndConfirm(app);
      await app.inject({
        method: 'POST',
        url: '/api/account/sign-out',
        headers: { cookie },
        payload: { scope: 'local' },
      });

      const response = await checkout({ cookie }, { tier: 'calm' });
      expect(response.statusCode).toBe(401);
    });
  });
});
