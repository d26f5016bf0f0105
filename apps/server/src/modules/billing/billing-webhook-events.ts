import type Stripe from 'stripe';
import type { StripeSettings } from '../../config.ts';
import type { BillingEvent, LifecycleEvent } from './billing.provider.ts';
import { subscriptionState } from './billing.stripe.ts';

export type StripeWebhookDeps = {
  stripe: Stripe;
  settings: StripeSettings;
  /** The user a Stripe subscription belongs to, for subscriptions made before their metadata named the user. */
  userOfSubscription: (subscriptionId: string) => Promise<string | null>;
};

export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : value?.id;
export const dateOf = (seconds: number) => new Date(seconds * 1000);

/** The subscription as Stripe holds it now, with its user; null when no user is known for it. */
export async function currentSubscription(deps: StripeWebhookDeps, subscriptionId: string) {
  const subscription = await deps.stripe.subscriptions.retrieve(subscriptionId);
  const userId = subscription.metadata.userId ?? (await deps.userOfSubscription(subscription.id));
  return userId ? { subscription, userId } : null;
}

/** The subscription's latest state as an event; none for a subscription the portal does not sell. */
export function syncedEvents(
  settings: StripeSettings,
  synced: { id: string; created: Date; userId: string; subscription: Stripe.Subscription },
): LifecycleEvent[] {
  const { id, created, userId, subscription } = synced;
  const state = subscriptionState(settings, subscription);
  return state
    ? [{ id, type: 'subscription.synced', created, userId, state, stripeSubscriptionId: subscription.id }]
    : [];
}

export function checkoutCompletedEvents(
  event: Extract<Stripe.Event, { type: 'checkout.session.completed' }>,
  created: Date,
): BillingEvent[] {
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

/** A paid invoice: the first one pays the checkout session, later ones renew the plan. */
function invoicePaidEvents(paid: {
  event: Stripe.Event;
  invoice: Stripe.Invoice;
  created: Date;
  userId: string;
  subscription: Stripe.Subscription;
  latest: LifecycleEvent[];
}): BillingEvent[] {
  const { event, invoice, created, userId, subscription, latest } = paid;
  const line = invoice.lines.data[0];
  const state = latest[0]?.type === 'subscription.synced' ? latest[0].state : null;
  if (!line || !state) return [];
  const amounts = {
    invoiceId: invoice.id,
    amount: invoice.amount_paid,
    currency: invoice.currency.toUpperCase(),
    periodStart: dateOf(line.period.start),
    periodEnd: dateOf(line.period.end),
  };
  const sessionId = subscription.metadata.sessionId;
  if (invoice.billing_reason === 'subscription_create' && sessionId) {
    return [{ id: event.id, type: 'invoice.paid', created, sessionId, ...amounts }, ...latest];
  }
  return [
    { id: event.id, type: 'renewal.paid', created, userId, tier: state.tier, interval: state.interval, ...amounts },
    ...latest,
  ];
}

/** A paid or failed invoice of a subscription, followed by the subscription's latest state. */
export async function invoiceEvents(
  deps: StripeWebhookDeps,
  event: Stripe.Event,
  invoice: Stripe.Invoice,
): Promise<BillingEvent[]> {
  const created = dateOf(event.created);
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  if (!subscriptionId) return [];
  const found = await currentSubscription(deps, subscriptionId);
  if (!found) return [];
  const { subscription, userId } = found;
  const latest = syncedEvents(deps.settings, { id: `${event.id}:state`, created, userId, subscription });
  if (event.type !== 'invoice.payment_failed') {
    return invoicePaidEvents({ event, invoice, created, userId, subscription, latest });
  }
  const periodEnd = dateOf(invoice.period_end);
  return [
    { id: event.id, type: 'renewal.failed', created, userId, periodEnd, stripeSubscriptionId: subscription.id },
    ...latest,
  ];
}
