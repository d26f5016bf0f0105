import { type BillingEvent, type BillingProvider, periodEndFrom } from './billing.provider.ts';
import type { CheckoutSessionRow } from './billing.repository.ts';

/** The built-in checkout: a page of ours at /billing/sandbox/{sessionId}; needs no keys. */
export function createSandboxProvider(): BillingProvider & {
  paymentEvents(session: CheckoutSessionRow, paidAt: Date): BillingEvent[];
} {
  return {
    name: 'sandbox',
    async createCheckout(session) {
      return { url: `/billing/sandbox/${encodeURIComponent(session.id)}` };
    },
    /** What a Stripe webhook would deliver after a successful payment, in the same order. */
    paymentEvents(session, paidAt) {
      return [
        {
          id: `evt_${session.id}_completed`,
          type: 'checkout.session.completed',
          created: paidAt,
          sessionId: session.id,
        },
        {
          id: `evt_${session.id}_invoice_paid`,
          type: 'invoice.paid',
          created: paidAt,
          sessionId: session.id,
          invoiceId: `in_${session.id}`,
          amount: session.amount,
          currency: session.currency,
          periodStart: paidAt,
          periodEnd: periodEndFrom(paidAt, session.interval),
        },
      ];
    },
  };
}
