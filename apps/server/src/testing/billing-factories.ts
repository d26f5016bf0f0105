import type { PaidTier } from '@portal/shared/billing';
import type { App } from '../app.ts';
import { grantRole, type SignedIn, signUpAndConfirm, signUpSubscribed } from './factories.ts';

export const TEST_CARD = '4242 4242 4242 4242';

/** Headers of a signed-in browser using the interface in `language`. */
export const asUser = (user: Pick<SignedIn, 'cookie'>, language = 'en') => ({
  cookie: user.cookie,
  'x-portal-language': language,
});

/** Buys a paid plan through the sandbox checkout as a learner would: checkout, then pay with the test card. */
export async function buyPlan(
  app: App,
  user: SignedIn,
  tier: PaidTier,
  { interval = 'month', couponCode }: { interval?: 'month' | 'year'; couponCode?: string } = {},
) {
  const started = await app.inject({
    method: 'POST',
    url: '/api/subscription/checkout',
    headers: asUser(user),
    payload: { tier, interval, ...(couponCode ? { couponCode } : {}) },
  });
  if (started.statusCode !== 200) throw new Error(`checkout answered ${started.statusCode}: ${started.body}`);
  const sessionId = String(started.json().url).replace('/billing/sandbox/', '');
  const paid = await app.inject({
    method: 'POST',
    url: `/api/billing/sandbox/${sessionId}/pay`,
    headers: asUser(user),
    payload: { cardNumber: TEST_CARD, idempotencyKey: `key-${sessionId}` },
  });
  if (paid.statusCode !== 200) throw new Error(`payment answered ${paid.statusCode}: ${paid.body}`);
  return sessionId;
}

/** A confirmed learner who bought `tier` through the sandbox. */
export async function signUpPaying(app: App, tier: PaidTier, account: { email?: string; name?: string } = {}) {
  const user = await signUpSubscribed(app, 'calm', account);
  await buyPlan(app, user, tier);
  return user;
}

export async function signUpAdmin(app: App) {
  const admin = await signUpAndConfirm(app);
  await grantRole(app, admin.userId, 'admin');
  return admin;
}
