import type { CheckoutSessionRow } from './billing.repository.ts';

/**
 * A provider event in the shape the one event handler reads. A Stripe webhook maps its payload to this (the session
 * id travels in the Checkout Session's metadata); the sandbox emits it when its page is paid.
 */
export type BillingEvent =
  | { id: string; type: 'checkout.session.completed'; created: Date; sessionId: string }
  | {
      id: string;
      type: 'invoice.paid';
      created: Date;
      sessionId: string;
      invoiceId: string;
      amount: number;
      currency: string;
      periodStart: Date;
      periodEnd: Date;
    };

/** Where payments happen: the built-in sandbox now, Stripe Checkout behind the same calls later. */
export interface BillingProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Opens the provider's checkout for a stored session and answers where the browser goes to pay. */
  createCheckout(session: CheckoutSessionRow): Promise<{ url: string }>;
}

/** The end of the period a payment made at `start` covers. */
export function periodEndFrom(start: Date, interval: 'month' | 'year'): Date {
  const end = new Date(start);
  if (interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}
