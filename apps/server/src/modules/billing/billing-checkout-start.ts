import { randomUUID } from 'node:crypto';
import { CHECKOUT_SESSION_MINUTES, type PaidTier } from '@portal/shared/billing';
import type { InterfaceLanguage } from '@portal/shared/language';
import type { NewCheckoutSession } from './billing.repository.ts';
import type { BillingServiceDeps } from './billing-checkout-sessions.ts';

const SUBSCRIPTION_SCREEN = '/dashboard/subscription';
const CHOOSE_PLAN = '/choose-plan';

type CheckoutPlan = { tier: PaidTier; interval: 'month' | 'year'; language: InterfaceLanguage };
type Discount = { percentOff: number; reserve: (sessionId: string) => Promise<void> };

function newSessionOf({
  userId,
  request,
  subscriber,
  amount,
  currency,
  provider,
  createdAt,
}: {
  userId: string;
  request: CheckoutPlan;
  subscriber: boolean;
  amount: number;
  currency: string;
  provider: NewCheckoutSession['provider'];
  createdAt: Date;
}): NewCheckoutSession {
  return {
    id: `cs_${randomUUID().replaceAll('-', '')}`,
    userId,
    provider,
    tier: request.tier,
    interval: request.interval,
    amount,
    currency,
    status: 'open',
    language: request.language,
    cancelPath: subscriber ? SUBSCRIPTION_SCREEN : CHOOSE_PLAN,
    expiresAt: new Date(createdAt.getTime() + CHECKOUT_SESSION_MINUTES * 60_000),
    createdAt,
    updatedAt: createdAt,
  };
}

/** Opening a checkout with the provider. */
export function createCheckoutStart({ repository, provider, prices, now }: BillingServiceDeps) {
  return {
    /**
     * Stores the session (owner, plan, price, expiry) and asks the provider where to pay it. The user's open checkout
     * of the same plan at the same price is opened again instead (a double click, a second tab); any other open
     * checkout of theirs is canceled, so one payment at most goes through.
     */
    async startCheckout(
      userId: string,
      request: CheckoutPlan,
      { subscriber }: { subscriber: boolean },
      discount?: Discount,
    ) {
      const price = prices[request.tier][request.interval];
      const amount = discount ? Math.round((price.amount * (100 - discount.percentOff)) / 100) : price.amount;
      const createdAt = now();
      const open = discount
        ? undefined
        : await repository.findOpenSessionFor(userId, { ...request, amount }, createdAt);
      if (open) {
        await repository.cancelOtherOpenSessions(userId, open.id, createdAt);
        return provider.createCheckout(open);
      }
      const session = await repository.insertSession(
        newSessionOf({
          userId,
          request,
          subscriber,
          amount,
          currency: price.currency,
          provider: provider.name,
          createdAt,
        }),
      );
      try {
        await discount?.reserve(session.id);
      } catch (error) {
        await repository.closeOpenSession(session.id, 'canceled', createdAt);
        throw error;
      }
      await repository.cancelOtherOpenSessions(userId, session.id, createdAt);
      return provider.createCheckout(session);
    },
  };
}
