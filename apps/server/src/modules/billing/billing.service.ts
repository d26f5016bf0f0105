import { randomUUID } from 'node:crypto';
import {
  CHECKOUT_SESSION_MINUTES,
  type CheckoutSession,
  type PaidTier,
  type PlanPrices,
  SANDBOX_CARDS,
} from '@portal/shared/billing';
import type { InterfaceLanguage } from '@portal/shared/language';
import { AppError } from '../../errors.ts';
import type { BillingProvider } from './billing.provider.ts';
import type { BillingRepository, CheckoutSessionRow } from './billing.repository.ts';
import type { createSandboxProvider } from './billing.sandbox.ts';
import type { BillingEventHandler } from './billing-events.ts';

const SUBSCRIPTION_SCREEN = '/dashboard/subscription';
const CHOOSE_PLAN = '/choose-plan';

const notFound = () => new AppError('not_found', 'There is no such checkout.');

export function toCheckoutSession(row: CheckoutSessionRow, now: Date): CheckoutSession {
  const lapsed = row.status === 'open' && !row.payKey && row.expiresAt <= now;
  return {
    id: row.id,
    tier: row.tier,
    interval: row.interval,
    amount: row.amount,
    currency: row.currency,
    status: lapsed ? 'expired' : row.status,
    paid: row.payKey !== null,
    expires_at: row.expiresAt.toISOString(),
    cancel_path: row.cancelPath,
  };
}

/** Checkout sessions: opening them with the provider, and the sandbox's own pay and cancel. */
export function createBillingService({
  repository,
  provider,
  sandbox,
  events,
  prices,
  refuseCheckout,
  now = () => new Date(),
}: {
  repository: BillingRepository;
  provider: BillingProvider;
  sandbox: ReturnType<typeof createSandboxProvider>;
  events: BillingEventHandler;
  prices: PlanPrices;
  /** Throws when the user may not buy `tier` now (they hold it, or another paid plan); asked again at payment. */
  refuseCheckout: (userId: string, tier: PaidTier) => Promise<unknown>;
  now?: () => Date;
}) {
  async function ownSession(userId: string, sessionId: string) {
    const row = await repository.findSessionOfUser(userId, sessionId);
    if (!row) throw notFound();
    return row;
  }

  async function sandboxSession(userId: string, sessionId: string) {
    const row = await ownSession(userId, sessionId);
    if (row.provider !== 'sandbox') throw notFound();
    return row;
  }

  /**
   * Cancels a session the user may no longer pay, charging nothing: they bought a plan since it opened (in another
   * tab, say), or `stale` says another of their checkouts was paid after it.
   */
  async function refuseUnpayable(session: CheckoutSessionRow, at: Date, stale = false) {
    const refusal = await refuseCheckout(session.userId, session.tier).then(
      () =>
        stale
          ? new AppError('conflict', 'Another checkout was paid since this one opened. Nothing was charged.')
          : null,
      (error: unknown) => error,
    );
    if (!refusal) return;
    await repository.closeOpenSession(session.id, 'canceled', at);
    throw refusal;
  }

  /** What the provider's webhook would deliver after the payment, through the one event handler. */
  async function emitPayment(session: CheckoutSessionRow, paidAt: Date) {
    for (const event of sandbox.paymentEvents(session, paidAt)) await events.handle(event, 'sandbox');
  }

  return {
    /**
     * Stores the session (owner, plan, price, expiry) and asks the provider where to pay it. The user's open checkout
     * of the same plan at the same price is opened again instead (a double click, a second tab); any other open
     * checkout of theirs is canceled, so one payment at most goes through.
     */
    async startCheckout(
      userId: string,
      request: { tier: PaidTier; interval: 'month' | 'year'; language: InterfaceLanguage },
      { subscriber }: { subscriber: boolean },
      discount?: { percentOff: number; reserve: (sessionId: string) => Promise<void> },
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
      const session = await repository.insertSession({
        id: `cs_${randomUUID().replaceAll('-', '')}`,
        userId,
        provider: provider.name,
        tier: request.tier,
        interval: request.interval,
        amount,
        currency: price.currency,
        status: 'open',
        language: request.language,
        cancelPath: subscriber ? SUBSCRIPTION_SCREEN : CHOOSE_PLAN,
        expiresAt: new Date(createdAt.getTime() + CHECKOUT_SESSION_MINUTES * 60_000),
        createdAt,
        updatedAt: createdAt,
      });
      try {
        await discount?.reserve(session.id);
      } catch (error) {
        await repository.closeOpenSession(session.id, 'canceled', createdAt);
        throw error;
      }
      await repository.cancelOtherOpenSessions(userId, session.id, createdAt);
      return provider.createCheckout(session);
    },

    async getSession(userId: string, sessionId: string) {
      return toCheckoutSession(await ownSession(userId, sessionId), now());
    },

    /**
     * Pays a sandbox session with a test card. The first payment that goes through claims the session; a repeated
     * click (same or another idempotency key) finds it claimed and charges nothing more.
     */
    async paySandbox(userId: string, sessionId: string, { cardNumber, idempotencyKey }: SandboxPayment) {
      const session = await sandboxSession(userId, sessionId);
      const at = now();
      if (session.payKey) {
        // Paid before: nothing is charged again; events a failure left unhandled are delivered once more.
        if (session.status === 'open') await emitPayment(session, session.paidAt ?? at);
        return toCheckoutSession(await sandboxSession(userId, sessionId), now());
      }
      const view = toCheckoutSession(session, at);
      if (view.status === 'expired') {
        await repository.closeOpenSession(session.id, 'expired', at);
        throw new AppError('conflict', 'This checkout has expired. Start again from the plans page.');
      }
      if (view.status !== 'open') throw new AppError('conflict', 'This checkout was canceled. Nothing was charged.');
      if (cardNumber === SANDBOX_CARDS.declined) {
        throw new AppError('card_declined', 'Your card was declined. Nothing was charged; try another card.');
      }
      if (cardNumber !== SANDBOX_CARDS.success) {
        throw new AppError('bad_request', 'Use the test card 4242 4242 4242 4242 to pay in the sandbox.');
      }
      await refuseUnpayable(session, at);
      const claimed = await repository.claimForPayment(userId, session.id, idempotencyKey, at);
      if (!claimed) {
        const current = await sandboxSession(userId, sessionId);
        // Neither claimed by another click nor closed: another of the user's checkouts was paid after it opened.
        if (!current.payKey && current.status === 'open') await refuseUnpayable(current, at, true);
        return toCheckoutSession(current, at);
      }
      await emitPayment(claimed, at);
      return toCheckoutSession(await sandboxSession(userId, sessionId), now());
    },

    /** Leaves the sandbox checkout without paying; nothing about the plan changes. */
    async cancelSandbox(userId: string, sessionId: string) {
      const session = await sandboxSession(userId, sessionId);
      if (session.payKey) throw new AppError('conflict', 'This checkout is already paid.');
      await repository.cancelUnpaidSession(userId, session.id, now());
      return { cancel_path: session.cancelPath };
    },
  };
}
export type SandboxPayment = { cardNumber: string; idempotencyKey: string };
export type BillingService = ReturnType<typeof createBillingService>;
