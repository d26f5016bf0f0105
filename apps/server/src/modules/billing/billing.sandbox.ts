import { type BillingEvent, type BillingProvider, periodEndFrom } from './billing.provider.ts';
import type { CheckoutSessionRow } from './billing.repository.ts';

function sandboxPaymentEvents(session: CheckoutSessionRow, paidAt: Date): BillingEvent[] {
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
}

/** The built-in checkout: a page of ours at /billing/sandbox/{sessionId}; needs no keys. */
export function createSandboxProvider(): BillingProvider & {
  paymentEvents(session: CheckoutSessionRow, paidAt: Date): BillingEvent[];
} {
  return {
    name: 'sandbox',
    async createCheckout(session) {
      return { url: `/billing/sandbox/${encodeURIComponent(session.id)}` };
    },
    /** A plan change is charged at once with the test card on file: the same invoice event a payment makes. */
    async changeSubscription(charge, period) {
      return [
        {
          id: `evt_${charge.id}_invoice_paid`,
          type: 'invoice.paid',
          created: period.start,
          sessionId: charge.id,
          invoiceId: `in_${charge.id}`,
          amount: charge.amount,
          currency: charge.currency,
          periodStart: period.start,
          periodEnd: period.end,
        },
      ];
    },
    /** The sandbox keeps the period-end plan only in our own tables. */
    async schedulePeriodEnd() {},
    async createPortal(_userId, returnPath) {
      return { url: `/billing/sandbox/portal?return=${encodeURIComponent(returnPath)}` };
    },
    /** What a Stripe webhook would deliver after a successful payment, in the same order. */
    paymentEvents: sandboxPaymentEvents,
  };
}
