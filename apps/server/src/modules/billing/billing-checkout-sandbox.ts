import { type CheckoutSession, SANDBOX_CARDS } from '@portal/shared/billing';
import { AppError } from '../../errors.ts';
import type { BillingServiceDeps, CheckoutSessionAccess } from './billing-checkout-sessions.ts';
import { toCheckoutSession } from './billing-checkout-view.ts';

export type SandboxPayment = { cardNumber: string; idempotencyKey: string };

/** Refuses a payment of a canceled session, or with a card other than the sandbox's test card. */
function refuseSandboxCard(status: CheckoutSession['status'], cardNumber: string) {
  if (status !== 'open') throw new AppError('conflict', 'This checkout was canceled. Nothing was charged.');
  if (cardNumber === SANDBOX_CARDS.declined) {
    throw new AppError('card_declined', 'Your card was declined. Nothing was charged; try another card.');
  }
  if (cardNumber !== SANDBOX_CARDS.success) {
    throw new AppError('bad_request', 'Use the test card 4242 4242 4242 4242 to pay in the sandbox.');
  }
}

/** The sandbox's own checkout page: paying with a test card, and leaving without paying. */
export function createSandboxCheckout({ repository, now }: BillingServiceDeps, access: CheckoutSessionAccess) {
  const { sandboxSession, refuseUnpayable, emitPayment } = access;
  return {
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
      refuseSandboxCard(view.status, cardNumber);
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
