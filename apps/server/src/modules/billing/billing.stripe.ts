import type { PaidTier } from '@portal/shared/billing';
import Stripe from 'stripe';
import type { StripeSettings } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { BillingProvider, ProviderSubscriptionState } from './billing.provider.ts';
import type { CheckoutSessionRow } from './billing.repository.ts';

type Interval = 'month' | 'year';

/** The shortest life Stripe gives a Checkout Session (`expires_at` at least 30 minutes after it is created). */
const STRIPE_SHORTEST_CHECKOUT_SECONDS = 30 * 60;
type StripeIds = { stripeCustomerId: string | null; stripeSubscriptionId: string | null };

/** The SDK client, pointed at Stripe or at the Stripe-compatible server of STRIPE_API_URL. */
export function createStripeClient(settings: StripeSettings): Stripe {
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    telemetry: false,
    ...(settings.api ? settings.api : {}),
  });
}

/** The portal's tier and interval of a Stripe price id; null for a price this server does not sell. */
export function planOfPrice(settings: StripeSettings, priceId: string): { tier: PaidTier; interval: Interval } | null {
  for (const [tier, byInterval] of Object.entries(settings.prices) as [PaidTier, Record<Interval, string>][]) {
    for (const interval of ['month', 'year'] as const) {
      if (byInterval[interval] === priceId) return { tier, interval };
    }
  }
  return null;
}

const STRIPE_STATES: Partial<Record<Stripe.Subscription.Status, ProviderSubscriptionState['status']>> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'past_due',
  // Retries are exhausted but Stripe keeps the subscription: the grace period decides until it is deleted.
  unpaid: 'past_due',
  canceled: 'expired',
  paused: 'expired',
};

/**
 * The state a Stripe subscription grants, read from the subscription object itself; null when it is not one of ours
 * (unknown price) or not started yet (incomplete).
 */
export function subscriptionState(
  settings: StripeSettings,
  subscription: Stripe.Subscription,
): ProviderSubscriptionState | null {
  const status = STRIPE_STATES[subscription.status];
  const item = subscription.items.data[0];
  const plan = item ? planOfPrice(settings, item.price.id) : null;
  if (!status || !item || !plan) return null;
  return {
    status,
    tier: plan.tier,
    interval: plan.interval,
    currentPeriodEnd: new Date(item.current_period_end * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

type StripeProviderDeps = {
  stripe: Stripe;
  settings: StripeSettings;
  publicUrl: string;
  customerOf: (userId: string) => Promise<StripeIds | undefined>;
};

/**
 * When Stripe's page of a session stops taking payment: with the session here, a minute later at most. Stripe takes
 * no expiry sooner than 30 minutes after it creates the page (it would keep it 24 hours without one), so the minute is
 * the leeway for the request reaching Stripe. Fixed by the session, so opening it again sends the same parameters.
 */
function stripeExpiry(session: CheckoutSessionRow): number {
  const atLeast = Math.ceil(session.createdAt.getTime() / 1000) + STRIPE_SHORTEST_CHECKOUT_SECONDS + 60;
  return Math.max(Math.ceil(session.expiresAt.getTime() / 1000), atLeast);
}

/** Where Stripe Checkout pays a stored session: its plan's price, our ids as metadata, the pages to come back to. */
function checkoutSessionParams({
  settings,
  publicUrl,
  session,
  customer,
}: {
  settings: StripeSettings;
  publicUrl: string;
  session: CheckoutSessionRow;
  customer: string | undefined;
}): Stripe.Checkout.SessionCreateParams {
  const metadata = { sessionId: session.id, userId: session.userId };
  return {
    mode: 'subscription',
    line_items: [{ price: settings.prices[session.tier][session.interval], quantity: 1 }],
    client_reference_id: session.id,
    ...(customer ? { customer } : {}),
    metadata,
    subscription_data: { metadata },
    locale: session.language === 'zh' ? 'zh' : session.language === 'de' ? 'de' : 'en',
    expires_at: stripeExpiry(session),
    success_url: `${publicUrl}/subscription-success?session_id=${encodeURIComponent(session.id)}`,
    cancel_url: `${publicUrl}${session.cancelPath}`,
  };
}

/** Puts the plan that starts with the next period on the subscription's schedule, made from it when it has none. */
async function scheduleNextPlan({
  stripe,
  settings,
  subscription,
  scheduleId,
  next,
}: {
  stripe: Stripe;
  settings: StripeSettings;
  subscription: Stripe.Subscription;
  scheduleId: string | undefined;
  next: { tier: PaidTier; interval: Interval };
}) {
  const item = subscription.items.data[0];
  if (!item) return;
  const schedule = scheduleId
    ? await stripe.subscriptionSchedules.retrieve(scheduleId)
    : await stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
  await stripe.subscriptionSchedules.update(schedule.id, {
    end_behavior: 'release',
    phases: [
      {
        items: [{ price: item.price.id, quantity: 1 }],
        start_date: item.current_period_start,
        end_date: item.current_period_end,
      },
      {
        items: [{ price: settings.prices[next.tier][next.interval], quantity: 1 }],
        duration: { interval: next.interval, interval_count: 1 },
      },
    ],
  });
}

/** New plans through Checkout Sessions, payment methods through the Customer Portal. */
function createStripeCheckouts({
  stripe,
  settings,
  publicUrl,
  customerOf,
}: StripeProviderDeps): Pick<BillingProvider, 'createCheckout' | 'expireCheckouts' | 'createPortal'> {
  return {
    async createCheckout(session) {
      const customer = (await customerOf(session.userId))?.stripeCustomerId ?? undefined;
      const created = await stripe.checkout.sessions.create(
        checkoutSessionParams({ settings, publicUrl, session, customer }),
        { idempotencyKey: `checkout_${session.id}` },
      );
      if (!created.url) throw new AppError('unavailable', 'Stripe did not answer a checkout address; try again.');
      return { url: created.url, providerSessionId: created.id };
    },

    async expireCheckouts(providerSessionIds) {
      for (const id of providerSessionIds) {
        try {
          await stripe.checkout.sessions.expire(id);
        } catch (error) {
          // Stripe refuses a page that is no longer open (paid, or ended already): nothing is left to end.
          if (error instanceof Stripe.errors.StripeInvalidRequestError) continue;
          throw new AppError('unavailable', 'Stripe could not close your earlier checkout; try again.');
        }
      }
    },

    async createPortal(userId, returnPath) {
      const customer = (await customerOf(userId))?.stripeCustomerId;
      if (!customer) throw new AppError('conflict', 'There is no Stripe customer for this account yet.');
      const portal = await stripe.billingPortal.sessions.create({ customer, return_url: `${publicUrl}${returnPath}` });
      return { url: portal.url };
    },
  };
}

/** Plan changes and cancellations as updates of the user's Stripe subscription. */
function createStripeSubscriptionChanges({
  stripe,
  settings,
  customerOf,
}: StripeProviderDeps): Pick<BillingProvider, 'changeSubscription' | 'schedulePeriodEnd'> {
  async function subscriptionOf(userId: string) {
    const id = (await customerOf(userId))?.stripeSubscriptionId;
    if (!id) throw new AppError('conflict', 'There is no Stripe subscription for this account yet.');
    return stripe.subscriptions.retrieve(id);
  }

  return {
    async changeSubscription(charge) {
      const subscription = await subscriptionOf(charge.userId);
      const item = subscription.items.data[0];
      if (!item) throw new AppError('conflict', 'The Stripe subscription has no plan to change.');
      await stripe.subscriptions.update(
        subscription.id,
        {
          items: [{ id: item.id, price: settings.prices[charge.tier][charge.interval] }],
          proration_behavior: 'always_invoice',
          payment_behavior: 'error_if_incomplete',
        },
        { idempotencyKey: `change_${charge.id}` },
      );
      return [];
    },

    async schedulePeriodEnd(userId, { cancel, next }) {
      const subscription = await subscriptionOf(userId);
      const scheduleId = typeof subscription.schedule === 'string' ? subscription.schedule : subscription.schedule?.id;
      // A subscription schedule carries a plan that starts with the next period; anything else releases it.
      if (scheduleId && (cancel || !next)) await stripe.subscriptionSchedules.release(scheduleId);
      if (next && !cancel) await scheduleNextPlan({ stripe, settings, subscription, scheduleId, next });
      if (subscription.cancel_at_period_end !== cancel) {
        await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: cancel });
      }
    },
  };
}

/**
 * Stripe behind the BillingProvider calls: Checkout Sessions for new plans, the Customer Portal for payment methods,
 * subscription updates for plan changes and cancellations. What Stripe then does arrives through the webhook.
 */
export function createStripeProvider(deps: StripeProviderDeps): BillingProvider {
  return { name: 'stripe', ...createStripeCheckouts(deps), ...createStripeSubscriptionChanges(deps) };
}
