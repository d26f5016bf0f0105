import type Stripe from 'stripe';
import type { StripeSettings } from '../../config.ts';
import type { BillingEvent, LifecycleEvent } from './billing.provider.ts';
import { subscriptionState } from './billing.stripe.ts';

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);
const dateOf = (seconds: number) => new Date(seconds * 1000);

/**
 * Turns verified Stripe webhooks into the events of the one billing handler. The subscription is read back from
 * Stripe for every event about it, so events that arrive late or out of order still leave the provider's latest state.
 */
export function createStripeWebhook({
  stripe,
  settings,
  userOfSubscription,
}: {
  stripe: Stripe;
  settings: StripeSettings;
  /** The user a Stripe subscription belongs to, for subscriptions made before their metadata named the user. */
  userOfSubscription: (subscriptionId: string) => Promise<string | null>;
}) {
  async function currentSubscription(subscriptionId: string) {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const userId = subscription.metadata.userId ?? (await userOfSubscription(subscription.id));
    return userId ? { subscription, userId } : null;
  }

  function synced(id: string, created: Date, userId: string, subscription: Stripe.Subscription): LifecycleEvent[] {
    const state = subscriptionState(settings, subscription);
    return state
      ? [{ id, type: 'subscription.synced', created, userId, state, stripeSubscriptionId: subscription.id }]
      : [];
  }

  async function invoiceEvents(event: Stripe.Event, invoice: Stripe.Invoice, created: Date): Promise<BillingEvent[]> {
    const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
    if (!subscriptionId) return [];
    const found = await currentSubscription(subscriptionId);
    if (!found) return [];
    const { subscription, userId } = found;
    const latest = synced(`${event.id}:state`, created, userId, subscription);
    if (event.type === 'invoice.payment_failed') {
      return [
        {
          id: event.id,
          type: 'renewal.failed',
          created,
          userId,
          periodEnd: dateOf(invoice.period_end),
          stripeSubscriptionId: subscription.id,
        },
        ...latest,
      ];
    }
    const line = invoice.lines.data[0];
    const state = latest[0]?.type === 'subscription.synced' ? latest[0].state : null;
    if (!line || !state) return [];
    const paid = {
      invoiceId: invoice.id,
      amount: invoice.amount_paid,
      currency: invoice.currency.toUpperCase(),
      periodStart: dateOf(line.period.start),
      periodEnd: dateOf(line.period.end),
    };
    const sessionId = subscription.metadata.sessionId;
    if (invoice.billing_reason === 'subscription_create' && sessionId) {
      return [{ id: event.id, type: 'invoice.paid', created, sessionId, ...paid }, ...latest];
    }
    return [
      { id: event.id, type: 'renewal.paid', created, userId, tier: state.tier, interval: state.interval, ...paid },
      ...latest,
    ];
  }

  return {
    /** The event when the signature over the raw body is Stripe's; throws otherwise. */
    verify(rawBody: Buffer, signature: string): Stripe.Event {
      return stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
    },

    /** The handler's events for a verified Stripe event; null for a type the portal does not act on. */
    async toBillingEvents(event: Stripe.Event): Promise<BillingEvent[] | null> {
      const created = dateOf(event.created);
      switch (event.type) {
        case 'checkout.session.completed': {
          const session = event.data.object;
          const stripeCustomerId = idOf(session.customer);
          if (!session.client_reference_id) return [];
          return [
            {
              id: event.id,
              type: 'checkout.session.completed',
              created,
              sessionId: session.client_reference_id,
              ...(stripeCustomerId
                ? { customer: { stripeCustomerId, stripeSubscriptionId: idOf(session.subscription) ?? null } }
                : {}),
            },
          ];
        }
        case 'invoice.paid':
        case 'invoice.payment_failed':
          return invoiceEvents(event, event.data.object, created);
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted': {
          const found = await currentSubscription(event.data.object.id);
          return found ? synced(event.id, created, found.userId, found.subscription) : [];
        }
        default:
          return null;
      }
    },
  };
}
export type StripeWebhook = ReturnType<typeof createStripeWebhook>;
