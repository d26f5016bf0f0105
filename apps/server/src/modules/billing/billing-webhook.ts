import type Stripe from 'stripe';
import type { BillingEvent } from './billing.provider.ts';
import {
  checkoutCompletedEvents,
  currentSubscription,
  dateOf,
  invoiceEvents,
  type StripeWebhookDeps,
  syncedEvents,
} from './billing-webhook-events.ts';

/**
 * Turns verified Stripe webhooks into the events of the one billing handler. The subscription is read back from
 * Stripe for every event about it, so events that arrive late or out of order still leave the provider's latest state.
 */
export function createStripeWebhook(deps: StripeWebhookDeps) {
  const { stripe, settings } = deps;
  return {
    /** The event when the signature over the raw body is Stripe's; throws otherwise. */
    verify(rawBody: Buffer, signature: string): Stripe.Event {
      return stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
    },

    /** The handler's events for a verified Stripe event; null for a type the portal does not act on. */
    async toBillingEvents(event: Stripe.Event): Promise<BillingEvent[] | null> {
      const created = dateOf(event.created);
      switch (event.type) {
        case 'checkout.session.completed':
          return checkoutCompletedEvents(event, created);
        case 'invoice.paid':
        case 'invoice.payment_failed':
          return invoiceEvents(deps, event, event.data.object);
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted': {
          const found = await currentSubscription(deps, event.data.object.id);
          return found ? syncedEvents(settings, { id: event.id, created, ...found }) : [];
        }
        default:
          return null;
      }
    },
  };
}
export type StripeWebhook = ReturnType<typeof createStripeWebhook>;
