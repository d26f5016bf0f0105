import { randomUUID } from 'node:crypto';
import { CHECKOUT_SESSION_MINUTES, type PaidTier } from '@portal/shared/billing';
import type { InterfaceLanguage } from '@portal/shared/language';
import type { CheckoutSessionRow, NewCheckoutSession } from './billing.repository.ts';
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

/**
 * The user's other open checkouts end, here and first at the provider (where a page of one may still be open in
 * another tab): one payment at most goes through. When the provider cannot end them, nothing here changes either.
 */
async function replaceOtherCheckouts(
  { repository, provider }: Pick<BillingServiceDeps, 'repository' | 'provider'>,
  { userId, keptId, at }: { userId: string; keptId: string; at: Date },
) {
  const atProvider = await repository.otherOpenProviderSessions(userId, keptId);
  if (atProvider.length > 0) await provider.expireCheckouts?.(atProvider);
  await repository.cancelOtherOpenSessions(userId, keptId, at);
}

/** Where the browser goes to pay `session`, remembering the provider's id of its page. */
async function openWithProvider(
  { repository, provider }: Pick<BillingServiceDeps, 'repository' | 'provider'>,
  session: CheckoutSessionRow,
) {
  const { url, providerSessionId } = await provider.createCheckout(session);
  if (providerSessionId && providerSessionId !== session.providerSessionId) {
    await repository.rememberProviderSession(session.id, providerSessionId);
  }
  return { url };
}

/** Opening a checkout with the provider. */
export function createCheckoutStart(deps: BillingServiceDeps) {
  const { repository, provider, prices, now } = deps;
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
        await replaceOtherCheckouts(deps, { userId, keptId: open.id, at: createdAt });
        return openWithProvider(deps, open);
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
        await replaceOtherCheckouts(deps, { userId, keptId: session.id, at: createdAt });
      } catch (error) {
        await repository.closeOpenSession(session.id, 'canceled', createdAt);
        throw error;
      }
      return openWithProvider(deps, session);
    },
  };
}
