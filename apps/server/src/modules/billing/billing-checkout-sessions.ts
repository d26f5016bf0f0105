import type { PaidTier, PlanPrices } from '@portal/shared/billing';
import { AppError } from '../../errors.ts';
import type { BillingProvider } from './billing.provider.ts';
import type { BillingRepository, CheckoutSessionRow } from './billing.repository.ts';
import type { createSandboxProvider } from './billing.sandbox.ts';
import type { BillingEventHandler } from './billing-events.ts';

export type BillingServiceDeps = {
  repository: BillingRepository;
  provider: BillingProvider;
  sandbox: ReturnType<typeof createSandboxProvider>;
  events: BillingEventHandler;
  prices: PlanPrices;
  /** Throws when the user may not buy `tier` now (they hold it, or another paid plan); asked again at payment. */
  refuseCheckout: (userId: string, tier: PaidTier) => Promise<unknown>;
  now: () => Date;
};

export const notFound = () => new AppError('not_found', 'There is no such checkout.');

/** The user's own sessions, and what may stop or follow a payment of one. */
export function createCheckoutSessionAccess({ repository, sandbox, events, refuseCheckout }: BillingServiceDeps) {
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

  return { ownSession, sandboxSession, refuseUnpayable, emitPayment };
}
export type CheckoutSessionAccess = ReturnType<typeof createCheckoutSessionAccess>;
